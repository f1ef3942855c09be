import { afterEach, describe, expect, test, vi } from 'vitest';
import availability from '../../../netlify/functions/availability';
import { findRoute, functionRoutes, invoke, routeParams } from './functions';

const ORIGIN = 'http://localhost:8888';

describe('functionRoutes', () => {
  test('finds every function entry file with the paths its config declares', async () => {
    const routes = await functionRoutes();
    const byName = Object.fromEntries(routes.map((route) => [route.name, route.patterns.map((p) => p.pathname)]));
    expect(byName).toMatchObject({
      availability: ['/api/availability/:date'],
      bookings: ['/api/bookings'],
      contact: ['/api/contact'],
    });
    expect(routes.find((route) => route.name === 'availability')?.handler).toBe(availability);
  });
});

describe('routeParams', () => {
  const patterns = [new URLPattern({ pathname: '/api/availability/:date' })];

  test.each([
    ['/api/availability/2026-06-20', { date: '2026-06-20' }],
    ['/api/availability/2026-06-20?date=1999-01-01', { date: '2026-06-20' }],
    // As the URL carries it, like Netlify: percent-encoding is not undone.
    ['/api/availability/2026%2D06%2D20', { date: '2026%2D06%2D20' }],
    ['/api/availability/%zz', { date: '%zz' }],
    ['/api/availability/2026-06-20/x', undefined],
    ['/api/availability//2026-06-20', undefined],
    ['/api/availability/', undefined],
  ])('matches %s as %j', (path, expected) => {
    expect(routeParams(patterns, `${ORIGIN}${path}`)).toEqual(expected);
  });
});

describe('findRoute', () => {
  test('picks the function Netlify would call, or none', async () => {
    expect((await findRoute(`${ORIGIN}/api/bookings`))?.route.name).toBe('bookings');
    expect(await findRoute(`${ORIGIN}/api/nothing-here`)).toBeUndefined();
  });
});

describe('invoke', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('hands the function the path parameters of its route', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    // A past date needs no database: the answer comes from the date alone.
    const response = await invoke(availability, new Request(`${ORIGIN}/api/availability/2001-02-03`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ date: '2001-02-03', availableSlots: [] });
  });

  test('refuses a request Netlify would never route to that function', async () => {
    await expect(invoke(availability, new Request(`${ORIGIN}/api/availability/2001-02-03/x`))).rejects.toThrow(
      /would not route/,
    );
  });
});

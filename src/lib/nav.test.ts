import { describe, expect, test } from 'vitest';
import { isActiveLink } from './nav';

describe('isActiveLink', () => {
  test.each([
    ['/', '/', true],
    ['/about', '/', false],
    ['/faq/', '/', false],
    ['/about', '/about', true],
    ['/about/', '/about', true],
    ['/about/team', '/about', true],
    ['/', '/about', false],
    ['/services', '/about', false],
    ['/menu', '/menu', true],
    ['/availability', '/availability', true],
    ['/contact', '/contact', true],
    ['/contact', '/availability', false],
    ['/404', '/', false],
    // The spec's rule is a plain prefix test, so a longer path sharing the prefix also counts.
    ['/services-extra', '/services', true],
  ])('on %s the link to %s is active: %s', (path, href, active) => {
    expect(isActiveLink(path, href)).toBe(active);
  });
});

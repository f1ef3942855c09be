import { getDistance } from 'geolib';
import table from './texas-zips.json' with { type: 'json' };

/** A place on the map in degrees. */
export type Point = { latitude: number; longitude: number };

const zips = table as unknown as Record<string, readonly [number, number]>;

/**
 * Where a Texas ZIP code is (shared/texas-zips.json, from the `zipcodes` package: `npm run zips:texas`), or undefined
 * for a ZIP code outside Texas or not known. Read on the server and at build time only: no page ships the table.
 */
export function locateTexasZip(zip: string): Point | undefined {
  const point = Object.hasOwn(zips, zip) ? zips[zip] : undefined;
  return point ? { latitude: point[0], longitude: point[1] } : undefined;
}

const METERS_PER_MILE = 1_609.344;

/** Straight-line miles between two points (great circle, geolib's haversine). */
export function straightMiles(from: Point, to: Point): number {
  return getDistance(from, to, 1) / METERS_PER_MILE;
}

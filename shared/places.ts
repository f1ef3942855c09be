import { getDistance } from 'geolib';

/** A place on the map in degrees. */
export type Point = { latitude: number; longitude: number };

const METERS_PER_MILE = 1_609.344;

/** Straight-line miles between two points (great circle, geolib's haversine). */
export function straightMiles(from: Point, to: Point): number {
  return getDistance(from, to, 1) / METERS_PER_MILE;
}

import table from './texas-zips.json' with { type: 'json' };
import type { Point } from './places';

const zips = table as unknown as Record<string, readonly [number, number]>;

/**
 * Where a Texas ZIP code is (shared/texas-zips.json, from the `zipcodes` package: `npm run zips:texas`), or undefined
 * for a ZIP code outside Texas or not known. Read on the server and at build time only: no island imports this module,
 * so no page ships the table (tests/build/pages.test.ts checks the scripts).
 */
export function locateTexasZip(zip: string): Point | undefined {
  const point = Object.hasOwn(zips, zip) ? zips[zip] : undefined;
  return point ? { latitude: point[0], longitude: point[1] } : undefined;
}

import { createRequire } from 'node:module';

/** One ZIP code's place: [latitude, longitude] in degrees, as the package gives them (4 decimals, about 10 m). */
export type ZipPoint = readonly [latitude: number, longitude: number];

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  state: string;
  country: string;
}

/** Every Texas ZIP code of the `zipcodes` package (a devDependency: only this script and its test load it), in order. */
export function texasZipTable(): Record<string, ZipPoint> {
  const { codes } = createRequire(import.meta.url)('zipcodes') as { codes: Record<string, ZipRecord> };
  const texas = Object.values(codes)
    .filter((record) => record.country === 'US' && record.state === 'TX' && /^\d{5}$/.test(record.zip))
    .sort((a, b) => a.zip.localeCompare(b.zip));
  return Object.fromEntries(texas.map((record) => [record.zip, [record.latitude, record.longitude] as const]));
}

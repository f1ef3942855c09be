import { describe, expect, test } from 'vitest';
import table from './texas-zips.json' with { type: 'json' };
import { straightMiles } from './places';
import { locateTexasZip } from './texas-zips';
import { texasZipTable } from '../scripts/lib/texas-zip-table';

describe('Texas ZIP codes', () => {
  test('shared/texas-zips.json is what the zipcodes package holds for Texas (npm run zips:texas writes it)', () => {
    expect(table).toEqual(texasZipTable());
  });

  test('holds Texas only: Austin and El Paso in, Tulsa and Texarkana (Arkansas) out', () => {
    expect(locateTexasZip('78701')).toEqual({ latitude: 30.2713, longitude: -97.7426 });
    expect(locateTexasZip('79901')).toBeDefined();
    expect(locateTexasZip('74101')).toBeUndefined();
    expect(locateTexasZip('71854')).toBeUndefined();
    expect(locateTexasZip('toString')).toBeUndefined();
    expect(Object.keys(table).length).toBeGreaterThan(2_500);
  });

  test('straight miles: downtown Austin to downtown San Antonio is about 74 miles', () => {
    const miles = straightMiles(locateTexasZip('78701')!, locateTexasZip('78205')!);
    expect(miles).toBeGreaterThan(72);
    expect(miles).toBeLessThan(76);
  });
});

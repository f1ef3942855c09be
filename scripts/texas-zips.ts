/**
 * Writes shared/texas-zips.json: every Texas ZIP code of the `zipcodes` package with its latitude and longitude,
 * the only ZIP data the estimate reads (the package's 44,000 codes take 300-450 ms to load; Texas's 2,600 about 2 ms).
 * Run after updating the package: `npm run zips:texas`. A test fails while the file and the package disagree.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { texasZipTable } from './lib/texas-zip-table';

const target = fileURLToPath(new URL('../shared/texas-zips.json', import.meta.url));
const table = texasZipTable();
writeFileSync(target, `${JSON.stringify(table)}\n`);
console.log(`${Object.keys(table).length} Texas ZIP codes written to shared/texas-zips.json`);

/**
 * `npx tsx scripts/mail-logo.ts`: writes netlify/lib/mail/logo-png.ts, the e-mail header's logo, from the brand mark.
 * The PNG is committed (as a module) rather than made at runtime: sharp is a build tool here, not a function dependency.
 */
import { writeFile } from 'node:fs/promises';
import { logoModule, renderMailLogo } from './lib/mail-logo';

const target = new URL('../netlify/lib/mail/logo-png.ts', import.meta.url);
const png = await renderMailLogo();
await writeFile(target, logoModule(png));
process.stdout.write(`Wrote ${target.pathname} (${png.length} bytes of PNG).\n`);

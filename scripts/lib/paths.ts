import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** Where `npm start` keeps the embedded database (gitignored). */
export const EMBEDDED_DATA_DIR = fileURLToPath(new URL('../../.data/pglite', import.meta.url));

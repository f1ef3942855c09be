import { inject } from 'vitest';

/** One worker's site: the production server, the database its functions write to and the inbox they send to. */
export interface E2eSite {
  /** Origin of the production server, e.g. http://localhost:41234. */
  baseURL: string;
  /** How the functions under test reach their database (DATABASE_URL, NEON_WS_PROXY), so tests can check what was stored. */
  database: { url: string; wsProxy: string };
  /** The local mail catcher the functions send to: its REST API's base (GET `${apiUrl}/email` lists the inbox). */
  mail: { apiUrl: string };
}

/** What the e2e global setup hands to every test file (through vitest's provide/inject). */
export interface E2eContext {
  /** Playwright browser-server endpoint shared by all files ('' when skipped). */
  wsEndpoint: string;
  /** Why the browser suite is skipped, or '' when it runs. */
  skipReason: string;
  /** One site per worker of the project (index: VITEST_POOL_ID - 1); empty when skipped. */
  sites: E2eSite[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

const NO_SITE: E2eSite = { baseURL: '', database: { url: '', wsProxy: '' }, mail: { apiUrl: '' } };

/**
 * The site of this test file's worker. Files run two at a time, each worker on a server, database and inbox of its
 * own, so a file meets only what the files before it in the same worker left (as when they all ran in one line).
 */
export function workerSite(): E2eSite {
  const { sites } = inject('e2e');
  if (sites.length === 0) return NO_SITE;
  return sites[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % sites.length]!;
}

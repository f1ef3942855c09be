/** What the e2e global setup hands to every test file (through vitest's provide/inject). */
export interface E2eContext {
  /** Origin of the production server, e.g. http://localhost:41234 ('' when skipped). */
  baseURL: string;
  /** Playwright browser-server endpoint shared by all files ('' when skipped). */
  wsEndpoint: string;
  /** Why the browser suite is skipped, or '' when it runs. */
  skipReason: string;
  /** How the functions under test reach their database (DATABASE_URL, NEON_WS_PROXY), so tests can check what was stored. */
  database: { url: string; wsProxy: string };
  /** The local mail catcher the functions send to: its REST API's base (GET `${apiUrl}/email` lists the inbox). */
  mail: { apiUrl: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

import { accessSync, constants } from 'node:fs';

/** Flags every Chromium in this project is launched with: headless, sandbox-free for containers, and never online. */
export const CHROME_FLAGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's full Chromium (package chromium) and the other usual places of a full browser. */
const FULL = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/**
 * Debian's headless shell (package chromium-headless-shell): the same Chromium build (Blink, V8) without the desktop
 * browser around it, which Playwright also drives by default. On this project's pages a context with three page loads
 * costs it about 0.5 CPU-s, against 1.25 in the full browser's headless mode (`npm run bench:chrome`).
 */
const SHELL = ['/usr/bin/chromium-headless-shell'];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Which Chromium a caller wants: `test` (tests drive pages: the headless shell first) or `full` (Lighthouse). */
export type ChromeUse = 'test' | 'full';

/**
 * The Chromium to drive: CHROME_PATH when set (and only that), else the first system Chromium found for `use`; null
 * when none. Tests take the headless shell when it is installed and the full browser otherwise.
 */
export function findChrome(env: NodeJS.ProcessEnv = process.env, use: ChromeUse = 'test'): string | null {
  const configured = env.CHROME_PATH?.trim();
  if (configured) return isExecutable(configured) ? configured : null;
  const candidates = use === 'test' ? [...SHELL, ...FULL] : FULL;
  return candidates.find(isExecutable) ?? null;
}

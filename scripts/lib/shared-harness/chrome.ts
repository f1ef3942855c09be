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

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium to drive: CHROME_PATH when set (and only that), else the first system Chromium found; null when none. */
export function findChrome(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env.CHROME_PATH?.trim();
  if (configured) return isExecutable(configured) ? configured : null;
  return CANDIDATES.find(isExecutable) ?? null;
}

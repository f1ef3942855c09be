import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PDF's text as a person's tools read it: poppler's `pdftotext -layout` (`.ci/run` installs poppler-utils), never
 * a parser of our own. `lines` as printed; `words` with every run of whitespace as one space, so words a wrapped
 * line splits read together again; `pages`, how many pages it has.
 */
export async function pdfText(pdf: Uint8Array): Promise<{ lines: string[]; words: string; pages: number }> {
  const folder = await mkdtemp(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(folder, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    // pdftotext ends every page with a form feed.
    const pages = stdout.split('\f').length - 1;
    return { lines: stdout.split('\n').map((line) => line.trim()), words: stdout.replace(/\s+/g, ' '), pages };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

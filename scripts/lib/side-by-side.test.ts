import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { startSideBySide } from './side-by-side.mjs';

/** A stream that keeps what is written to it. */
function sink(): Writable & { text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, next) {
      text += String(chunk);
      next();
    },
  });
  return Object.assign(stream, { text: () => text });
}

/** A command that runs `code` on this Node. */
const node = (name: string, code: string) => ({ name, command: process.execPath, args: ['-e', code] });

describe('startSideBySide (what npm test runs its groups with)', () => {
  test('prefixes each line with its name and reports each exit code, in order', async () => {
    const [stdout, stderr] = [sink(), sink()];
    const results = await startSideBySide(
      [node('fine', "console.log('one\\ntwo')"), node('failing', "console.error('broke'); process.exit(3)")],
      { stdout, stderr },
    ).done;
    expect(results.map(({ name, code }) => [name, code])).toEqual([
      ['fine', 0],
      ['failing', 3],
    ]);
    expect(stdout.text()).toBe('[fine   ] one\n[fine   ] two\n');
    expect(stderr.text()).toBe('[failing] broke\n');
  });

  test('runs the commands at the same time, not one after another', async () => {
    const stdout = sink();
    const waitThenEnd = "console.log('start'); setTimeout(() => console.log('end'), 3000)";
    await startSideBySide([node('a', waitThenEnd), node('b', waitThenEnd)], { stdout, stderr: sink() }).done;
    const lines = stdout.text().trim().split('\n');
    expect(lines.slice(0, 2).sort()).toEqual(['[a] start', '[b] start']);
    expect(lines.slice(2).sort()).toEqual(['[a] end', '[b] end']);
  });

  test('passes a signal on, so each command can clean up; a second one kills what is left', async () => {
    const [stdout, stderr] = [sink(), sink()];
    const running = startSideBySide(
      [
        node('tidy', "process.on('SIGTERM', () => { console.log('cleaned up'); process.exit(0); }); console.log('ready'); setInterval(() => {}, 1000)"),
        node('stubborn', "process.on('SIGTERM', () => console.log('not yet')); console.log('ready'); setInterval(() => {}, 1000)"),
      ],
      { stdout, stderr },
    );
    await expect.poll(() => stdout.text().match(/ready/g)?.length ?? 0, { timeout: 10_000 }).toBe(2);
    running.stop('SIGTERM');
    await expect.poll(() => stdout.text(), { timeout: 10_000 }).toContain('[stubborn] not yet');
    // The second stop comes once the tidy one has exited (on a loaded machine its exit can lag its last line).
    await running.exits[0];
    running.stop('SIGTERM');
    const results = await running.done;
    expect(results.map(({ name, code, signal }) => [name, code, signal])).toEqual([
      ['tidy', 0, null],
      ['stubborn', 1, 'SIGKILL'],
    ]);
    expect(stdout.text()).toContain('[tidy    ] cleaned up\n');
  });

  test('starts a command at the priority it asks for, inherited by what it starts', async () => {
    const stdout = sink();
    const printNice = "const { getPriority } = require('node:os'); console.log(getPriority())";
    const code = `${printNice}; require('node:child_process').execFileSync(process.execPath, ['-e', ${JSON.stringify(printNice)}], { stdio: 'inherit' })`;
    await startSideBySide([{ ...node('low', code), priority: 10 }], { stdout, stderr: sink() }).done;
    expect(stdout.text()).toBe('[low] 10\n[low] 10\n');
  });

  test('a command that cannot start counts as failed', async () => {
    const stderr = sink();
    const [result] = await startSideBySide([{ name: 'missing', command: '/nonexistent/vitest', args: [] }], { stdout: sink(), stderr }).done;
    expect(result!.code).not.toBe(0);
    expect(stderr.text()).toMatch(/^\[missing\] could not start/);
  });
});

/**
 * What Netlify's scheduler does in production, for `npm start`: `netlify dev` serves a scheduled function only when
 * it is called (at /.netlify/functions/<name>), it never runs one on its `config.schedule` by itself.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CronExpressionParser } from 'cron-parser';

/** A function entry file with a `config.schedule` (a cron expression or @hourly, @daily …, read in UTC as Netlify does). */
export type ScheduledFunction = { name: string; schedule: string };

/** The first time after `after` that `schedule` fires (UTC); throws on an expression it cannot read. */
export function nextRun(schedule: string, after: Date): Date {
  return CronExpressionParser.parse(schedule, { currentDate: after, tz: 'UTC' }).next().toDate();
}

/**
 * The scheduled functions among the entry files of `dir`, by name. A schedule that cannot be read is an error that
 * names the function, so a typo stops `npm start` instead of a job silently never running.
 */
export async function scheduledFunctions(dir: string): Promise<ScheduledFunction[]> {
  const files = (await readdir(dir)).filter((file) => /\.m?[jt]s$/.test(file) && !/\.(test|d)\./.test(file)).sort();
  const found: ScheduledFunction[] = [];
  for (const file of files) {
    const entry = (await import(pathToFileURL(join(dir, file)).href)) as { config?: { schedule?: unknown } };
    const schedule = entry.config?.schedule;
    if (schedule === undefined) continue;
    const name = file.replace(/\.m?[jt]s$/, '');
    try {
      if (typeof schedule !== 'string') throw new Error('it is not a string');
      nextRun(schedule, new Date());
    } catch (error) {
      throw new Error(
        `The schedule of the ${name} function (${JSON.stringify(schedule)}) cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    found.push({ name, schedule });
  }
  return found;
}

/** Options of startScheduler. */
export type SchedulerOptions = {
  /** Where the functions are served, e.g. http://localhost:8888. */
  baseUrl: string;
  functions: readonly ScheduledFunction[];
  /** The clock that decides when each run is due (tests start it just before a scheduled time). */
  now?: () => Date;
  /** Where the one line per run goes. */
  log?: (line: string) => void;
};

/** A running scheduler. */
export type Scheduler = { stop(): Promise<void> };

/**
 * Calls each function with POST at /.netlify/functions/<name> whenever its schedule fires, as Netlify does, and logs
 * one line per run (its status and time taken). A run still going when its next time comes makes that one skipped,
 * not doubled. stop() cancels the timers and any run in flight.
 */
export function startScheduler({ baseUrl, functions, now = () => new Date(), log = console.log }: SchedulerOptions): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();

  const runOnce = async (name: string, nextAt: Date): Promise<void> => {
    const started = performance.now();
    try {
      const response = await fetch(new URL(`/.netlify/functions/${name}`, baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // What Netlify sends a scheduled function: when it will run next.
        body: JSON.stringify({ next_run: nextAt.toISOString() }),
        signal: abort.signal,
      });
      await response.arrayBuffer();
      log(`scheduled ${name}: ${response.status} in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      if (abort.signal.aborted) return;
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const code = (cause as { code?: unknown } | null)?.code;
      log(`scheduled ${name}: failed (${typeof code === 'string' ? code : cause instanceof Error ? cause.name : 'error'})`);
    }
  };

  const plan = (job: ScheduledFunction, after: Date): void => {
    if (abort.signal.aborted) return;
    const at = nextRun(job.schedule, after);
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = runOnce(job.name, nextRun(job.schedule, at)).finally(() => {
        inFlight.delete(run);
        // From the later of the clock and the time just served: a timer that fires a little early must not serve
        // the same time twice.
        const clock = now();
        plan(job, clock > at ? clock : at);
      });
      inFlight.add(run);
    }, Math.max(0, at.getTime() - now().getTime()));
    timers.add(timer);
  };

  for (const job of functions) plan(job, now());

  return {
    async stop() {
      abort.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(inFlight);
    },
  };
}

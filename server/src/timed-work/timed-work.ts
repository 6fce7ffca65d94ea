/**
 * Work a feature does on a timer (reminders, lapsed holds, digests), declared as a value and run
 * by the one runner below, so no feature keeps a loop of its own. Every app server may run all of
 * it: each piece claims what it does in the database (one UPDATE … RETURNING), so two servers
 * never do the same thing twice.
 */
export type TimedWork = {
  /** Said in the log when a run fails ("bookings: due work"). */
  name: string;
  /** How often it runs on this server, in milliseconds. */
  everyMs: number;
  /** When its first run comes, if sooner than `everyMs` (0: at once). */
  firstAfterMs?: number;
  run: () => Promise<unknown>;
};

type Log = { warn: (details: object, message: string) => void };

/**
 * Runs each piece of timed work every `everyMs` on this server: never two runs of one piece at
 * once (a slow run skips the ticks it overlaps), and a failed run is logged and tried again at
 * the next tick. The timers do not keep the process alive; `stop` clears them.
 */
export function startTimedWork(work: readonly TimedWork[], log: Log): () => void {
  const timers = work.flatMap(({ name, everyMs, firstAfterMs, run }) => {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      run()
        .catch((error: unknown) => log.warn({ err: error, work: name }, `${name} failed; trying again at the next interval`))
        .finally(() => (running = false));
    };
    const started = [setInterval(tick, everyMs)];
    if (firstAfterMs !== undefined) started.push(setTimeout(tick, firstAfterMs));
    for (const timer of started) timer.unref();
    return started;
  });
  // clearInterval clears a timeout too (one pool of timers in Node).
  return () => timers.forEach((timer) => clearInterval(timer));
}

import type { FastifyInstance } from 'fastify';

/** Where a sweep reports its failures: Fastify's logger, or a test's. */
export interface SweepLog {
  warn(object: object, message: string): void;
}

/**
 * Runs `work` every `intervalMs` until the answered stop is called. A run that fails is logged
 * and tried again next time; a run still going when the next is due is not started twice; the
 * timer never keeps the process alive. The stop clears the timer and waits for a running run,
 * so nothing touches the database after it is closed.
 */
export function repeatEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  log: SweepLog,
  name: string,
): { run: () => Promise<void>; stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= work()
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    run,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The server's periodic sweeps (expired tokens, what a crash left behind): `work` every
 * `intervalMs` from the moment the server is ready until it closes, with `repeatEvery`'s rules.
 * With `atReady`, a first run is awaited before the server serves; even then a failure is only
 * logged and never stops the start.
 */
export function sweepEvery(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  work: () => Promise<unknown>,
  options: { atReady?: boolean } = {},
): void {
  let repeating: ReturnType<typeof repeatEvery> | undefined;
  app.addHook('onReady', async () => {
    repeating = repeatEvery(intervalMs, work, app.log, name);
    if (options.atReady) await repeating.run();
  });
  app.addHook('onClose', async () => {
    await repeating?.stop();
  });
}

import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/**
 * Runs a background task now and every `intervalMs`, one round at a time (a round still running when the
 * next is due is skipped); the timer never keeps the process alive. The database away (a restart) is not
 * a failure of the task: the next round does what is left.
 */
export function runPeriodically(
  name: string,
  intervalMs: number,
  task: () => Promise<void>,
  log: FastifyBaseLogger | undefined,
): { stop(): void } {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    task()
      .catch((err: unknown) =>
        isDatabaseUnavailable(err)
          ? log?.warn({ err }, `${name} waits for the database`)
          : log?.error({ err }, `${name} failed`),
      )
      .finally(() => (running = false));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const first = setTimeout(run, 0);
  first.unref();
  return {
    stop() {
      clearInterval(timer);
      clearTimeout(first);
    },
  };
}

/** The seat-plan worker thread: runs planWork's functions for the pool (pool.ts). */
import { parentPort } from 'node:worker_threads';
import { planWork } from './work.ts';

interface Job {
  id: number;
  name: keyof typeof planWork;
  args: unknown[];
}

parentPort?.on('message', (job: Job) => {
  try {
    const fn = planWork[job.name] as (...args: unknown[]) => unknown;
    const result = fn(...job.args);
    const transfer = result instanceof Int32Array ? [result.buffer] : [];
    parentPort?.postMessage({ id: job.id, ok: true, result }, transfer as ArrayBuffer[]);
  } catch (err) {
    parentPort?.postMessage({
      id: job.id,
      ok: false,
      error: err instanceof Error ? err.message : String(err),
    });
  }
});

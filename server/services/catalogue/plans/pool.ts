import { Worker } from 'node:worker_threads';
import { planWork, type PlanWork } from './work.ts';

type Pending = { resolve(value: unknown): void; reject(err: Error): void };

/**
 * One worker thread for seat-plan work (work.ts), started on first use: reading and checking a
 * 100,000-seat file takes a few hundred milliseconds of CPU, which on the main thread would hold up
 * every other request of this process. Jobs queue on the thread; a thread that dies is replaced and its
 * jobs fail with an error. `PLAN_WORK_INLINE=1` runs the work on the calling thread (debugging).
 */
class PlanPool {
  #worker: Worker | null = null;
  #next = 1;
  readonly #pending = new Map<number, Pending>();

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./thread.ts', import.meta.url));
    worker.unref();
    worker.on('message', (msg: { id: number; ok: boolean; result?: unknown; error?: string }) => {
      const pending = this.#pending.get(msg.id);
      if (!pending) return;
      this.#pending.delete(msg.id);
      if (msg.ok) pending.resolve(msg.result);
      else pending.reject(new Error(`seat plan work failed: ${msg.error}`));
    });
    const fail = (err: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const p of this.#pending.values()) p.reject(err);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`seat plan worker exited (${code})`)));
    this.#worker = worker;
    return worker;
  }

  run<K extends keyof PlanWork>(name: K, ...args: Parameters<PlanWork[K]>): Promise<ReturnType<PlanWork[K]>> {
    if (process.env.PLAN_WORK_INLINE === '1') {
      const fn = planWork[name] as (...a: unknown[]) => ReturnType<PlanWork[K]>;
      return Promise.resolve().then(() => fn(...args));
    }
    const worker = this.#thread();
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      // While a job is out, the thread keeps the process alive; idle, it does not.
      worker.ref();
      worker.postMessage({ id, name, args });
    }).finally(() => {
      if (this.#pending.size === 0) this.#worker?.unref();
    }) as Promise<ReturnType<PlanWork[K]>>;
  }
}

export const planPool = new PlanPool();

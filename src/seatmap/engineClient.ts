import { type Remote, wrap } from 'comlink';
import type { EngineOptions, LoadResult, LoadSource, SeatplanEngine } from '../../workers/seatplan/engine.ts';

/** Every engine method, asynchronous, whether it runs in the worker or (fallback) on this thread. */
export type EngineApi = {
  [K in keyof SeatplanEngine]: SeatplanEngine[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};

export type WorkerFactory = () => Worker;

const defaultWorker: WorkerFactory = () =>
  new Worker(new URL('../../workers/seatplan/worker.ts', import.meta.url), {
    type: 'module',
    name: 'seatplan',
  });

/**
 * The main thread's side of the seat-plan worker (after Excalidraw's subset-main): calls go to the
 * worker through comlink. If the worker dies (an error event, or a call that never answers), a new one
 * is started and the last plan, status and selection are loaded into it again; if no worker can run at
 * all, the engine runs on this thread instead, so the map keeps working either way.
 */
export class EngineClient {
  private worker: Worker | null = null;
  private remote: Remote<SeatplanEngine> | null = null;
  private local: EngineApi | null = null;
  private lastLoad: { source: LoadSource; options: EngineOptions } | null = null;
  private selection: number[] = [];
  private restarting: Promise<void> | null = null;
  restarts = 0;
  /** Told after a restart, with the reloaded plan, so the drawing can resynchronise. */
  onRestart: ((result: LoadResult) => void) | null = null;

  private readonly createWorker: WorkerFactory;
  private readonly timeoutMs: number;

  constructor(createWorker: WorkerFactory = defaultWorker, timeoutMs = 15_000) {
    this.createWorker = createWorker;
    this.timeoutMs = timeoutMs;
    this.start();
  }

  get usesWorker(): boolean {
    return this.remote !== null;
  }

  private start(): void {
    try {
      const worker = this.createWorker();
      worker.addEventListener('error', () => void this.restart());
      this.worker = worker;
      this.remote = wrap<SeatplanEngine>(worker);
    } catch {
      this.worker = null;
      this.remote = null;
    }
  }

  private async engine(): Promise<EngineApi> {
    if (this.remote) return this.remote as unknown as EngineApi;
    if (!this.local) {
      const { SeatplanEngine: Engine } = await import('../../workers/seatplan/engine.ts');
      const local = new Engine() as unknown as Record<string, (...a: unknown[]) => unknown>;
      // A plain object of async methods (a Proxy would look like a thenable to `await`).
      const api: Record<string, (...a: unknown[]) => Promise<unknown>> = {};
      for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(local) as object)) {
        if (name !== 'constructor') api[name] = async (...a: unknown[]) => local[name]!(...a);
      }
      this.local = api as unknown as EngineApi;
    }
    return this.local;
  }

  /** Calls an engine method; a dead worker is replaced and the call retried once. */
  async call<K extends keyof EngineApi>(
    name: K,
    ...args: Parameters<EngineApi[K]>
  ): Promise<Awaited<ReturnType<EngineApi[K]>>> {
    if (this.restarting) await this.restarting;
    const run = async () => {
      const engine = await this.engine();
      const fn = engine[name] as (...a: unknown[]) => Promise<unknown>;
      return (await this.withTimeout(fn(...args))) as Awaited<ReturnType<EngineApi[K]>>;
    };
    try {
      const result = await run();
      this.remember(name, args, result);
      return result;
    } catch (err) {
      if (!this.remote || !(err instanceof WorkerTimeout || isDeadWorkerError(err))) throw err;
      await this.restart();
      const result = await run();
      this.remember(name, args, result);
      return result;
    }
  }

  private remember(name: keyof EngineApi, args: unknown[], result: unknown): void {
    if (name === 'load') {
      this.lastLoad = { source: args[0] as LoadSource, options: args[1] as EngineOptions };
      this.selection = [];
    } else if (name === 'applySelection') {
      const [seats, on] = args as [number[], boolean];
      const set = new Set(this.selection);
      for (const s of seats) {
        if (on) set.add(s);
        else set.delete(s);
      }
      this.selection = [...set];
    }
    void result;
  }

  private withTimeout<T>(p: Promise<T>): Promise<T> {
    if (!this.remote) return p;
    return new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => reject(new WorkerTimeout()), this.timeoutMs);
      p.then(
        (v) => {
          clearTimeout(t);
          resolve(v);
        },
        (e: unknown) => {
          clearTimeout(t);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  /** Replaces the worker and reloads what the old one held. */
  restart(): Promise<void> {
    if (this.restarting) return this.restarting;
    this.restarting = (async () => {
      this.worker?.terminate();
      this.restarts++;
      if (this.restarts > 3) {
        // A worker that keeps dying: run the engine here instead.
        this.worker = null;
        this.remote = null;
      } else {
        this.start();
      }
      if (this.lastLoad) {
        const engine = await this.engine();
        // Bytes that were moved to the dead worker are gone; their URLs are fetched again.
        const { planBytes, statusBytes, ...rest } = this.lastLoad.source;
        const source = {
          ...rest,
          ...(planBytes && planBytes.byteLength > 0 ? { planBytes } : {}),
          ...(statusBytes && statusBytes.byteLength > 0 ? { statusBytes } : {}),
        };
        const result = await engine.load(source, this.lastLoad.options);
        if (this.selection.length) await engine.applySelection(this.selection, true);
        this.onRestart?.(result);
      }
    })().finally(() => {
      this.restarting = null;
    });
    return this.restarting;
  }

  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
    this.remote = null;
  }
}

class WorkerTimeout extends Error {
  constructor() {
    super('the seat-plan worker did not answer');
  }
}

function isDeadWorkerError(err: unknown): boolean {
  return err instanceof Error && /terminated|closed|DataCloneError/i.test(err.message);
}

/** The V8 heap a seat-map bench page holds, main thread and workers (Chrome DevTools Protocol). */
import type { CDPSession } from '@playwright/test';

interface HeapUsage {
  usedSize: number;
  /** Blink's (Oilpan) heap: the DOM. */
  embedderHeapUsedSize?: number;
  /** ArrayBuffer backing stores (typed arrays), outside the V8 heap. */
  backingStorageSize?: number;
}

export interface Heap {
  /** V8 heap in use, main thread and workers. */
  jsMB: number;
  mainMB: number;
  workersMB: number | null;
  arrayBuffersMB: number;
  domMB: number;
}

/**
 * V8 heap in use after a forced GC: the page's main thread and each of its workers. Workers are reached
 * through a non-flat auto-attach on our own CDP session (Playwright keeps the flat one for itself).
 */
export async function measureHeap(cdp: CDPSession): Promise<Heap> {
  await cdp.send('HeapProfiler.collectGarbage');
  const main = (await cdp.send('Runtime.getHeapUsage')) as HeapUsage;
  let workers: number | null = null;
  let workerBuffers = 0;
  try {
    const sessions: string[] = [];
    const pending = new Map<number, (r: unknown) => void>();
    const onAttached = (e: { sessionId: string; targetInfo: { type: string } }) => {
      if (e.targetInfo.type === 'worker') sessions.push(e.sessionId);
    };
    const onMessage = (e: { message: string }) => {
      const msg = JSON.parse(e.message) as { id?: number; result?: unknown };
      if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
    };
    cdp.on('Target.attachedToTarget', onAttached);
    cdp.on('Target.receivedMessageFromTarget', onMessage);
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    await new Promise((r) => setTimeout(r, 200));
    let id = 1;
    const call = (sessionId: string, method: string) =>
      Promise.race([
        new Promise<unknown>((ok) => {
          const n = id++;
          pending.set(n, ok);
          void cdp.send('Target.sendMessageToTarget', {
            sessionId,
            message: JSON.stringify({ id: n, method }),
          });
        }),
        new Promise<null>((ok) => setTimeout(() => ok(null), 5_000)),
      ]);
    for (const s of sessions) {
      await call(s, 'HeapProfiler.collectGarbage');
      const usage = (await call(s, 'Runtime.getHeapUsage')) as HeapUsage | null;
      if (usage) {
        workers = (workers ?? 0) + usage.usedSize;
        workerBuffers += usage.backingStorageSize ?? 0;
      }
    }
    cdp.off('Target.attachedToTarget', onAttached);
    cdp.off('Target.receivedMessageFromTarget', onMessage);
  } catch {
    workers = null;
  }
  const mb = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
  return {
    jsMB: mb(main.usedSize + (workers ?? 0)),
    mainMB: mb(main.usedSize),
    workersMB: workers === null ? null : mb(workers),
    arrayBuffersMB: mb((main.backingStorageSize ?? 0) + workerBuffers),
    domMB: mb(main.embedderHeapUsedSize ?? 0),
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeatChanges } from '../../seatmap/index.ts';
import { LiveStatusSource, type LiveStatusOptions, type StreamLike } from './liveStatusSource.ts';

/** An EventSource the test drives: it connects, sends events, drops, or closes for good. */
class FakeStream implements StreamLike {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  emit(type: string, init: { data?: string; lastEventId?: string } = {}): void {
    if (type === 'open') this.readyState = 1;
    const event = new MessageEvent(type, init);
    for (const l of this.listeners.get(type) ?? []) l(event);
  }

  /** Connected, with the first event of the connection. */
  connect(changes: SeatChanges = { free: {}, taken: [] }, id = 'v1'): void {
    this.emit('open');
    this.emit('changes', { data: JSON.stringify(changes), lastEventId: id });
  }

  /** A dropped connection the EventSource retries (CONNECTING), or a refusal it gives up on (CLOSED). */
  fail(fatal = false): void {
    this.readyState = fatal ? 2 : 0;
    this.emit('error');
  }
}

const POLL = 1500;
let streams: FakeStream[];
let applied: SeatChanges[];
let reloads: number;
let hidden: boolean;
let source: LiveStatusSource | null;

function start(options: Partial<LiveStatusOptions> = {}) {
  source = new LiveStatusSource({
    streamUrl: (since) => `/api/seats/status-stream?presentationId=7${since ? `&since=${since}` : ''}`,
    openStream: (url) => {
      const s = new FakeStream(url);
      streams.push(s);
      return s;
    },
    since: 'v0',
    applyChanges: (c) => {
      applied.push(c);
      return Promise.resolve();
    },
    reloadStatus: () => {
      reloads++;
      return Promise.resolve(`r${reloads}`);
    },
    isHidden: () => hidden,
    pollMs: POLL,
    ...options,
  });
  source.start();
  return source;
}

const last = () => streams[streams.length - 1]!;
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
  streams = [];
  applied = [];
  reloads = 0;
  hidden = false;
  source = null;
});

afterEach(() => {
  source?.stop();
  vi.useRealTimers();
});

describe('LiveStatusSource', () => {
  it('opens the stream from the loaded version and does not poll while it is healthy', async () => {
    const s = start();
    expect(last().url).toBe('/api/seats/status-stream?presentationId=7&since=v0');
    last().connect();
    expect(s.healthy).toBe(true);
    await wait(POLL * 10);
    expect(reloads).toBe(0);
  });

  it('applies pushed changes in order, and reloads the whole map on a reset', async () => {
    start();
    const change = { free: { '1_2_3': '5,1' }, taken: ['1_4_3'] };
    last().connect(change);
    last().emit('changes', { data: JSON.stringify({ free: {}, taken: ['1_9_9'] }), lastEventId: 'v2' });
    await wait(0);
    expect(applied).toEqual([change, { free: {}, taken: ['1_9_9'] }]);
    last().emit('reset', { data: '{}', lastEventId: 'v3' });
    await wait(0);
    expect(reloads).toBe(1);
  });

  it('reads the map whole after a diff it cannot read', async () => {
    start();
    last().connect();
    last().emit('changes', { data: '{"free":[]}', lastEventId: 'v2' });
    await wait(0);
    expect(applied).toHaveLength(1);
    expect(reloads).toBe(1);
  });

  it('keeps the updates in arrival order: a change waits for a reload in progress', async () => {
    const order: string[] = [];
    let finish: (v: string) => void = () => undefined;
    start({
      reloadStatus: () => {
        order.push('reload start');
        return new Promise<string>((resolve) => (finish = resolve)).then((v) => {
          order.push('reload end');
          return v;
        });
      },
      applyChanges: () => {
        order.push('changes');
        return Promise.resolve();
      },
    });
    last().emit('open');
    last().emit('reset', { data: '{}', lastEventId: 'v1' });
    last().emit('changes', { data: '{"free":{},"taken":["1_1_1"]}', lastEventId: 'v2' });
    await wait(0);
    expect(order).toEqual(['reload start']);
    finish('v1');
    await wait(0);
    expect(order).toEqual(['reload start', 'reload end', 'changes']);
  });

  it('polls until the first event of a connection, and while the stream reconnects', async () => {
    const s = start();
    await wait(POLL);
    expect(reloads).toBe(1);
    last().connect();
    await wait(POLL * 3);
    expect(reloads).toBe(1);
    last().fail();
    expect(s.healthy).toBe(false);
    await wait(POLL * 2);
    expect(reloads).toBe(3);
    // The EventSource reconnected by itself: no poll once its first event is in.
    last().connect({ free: {}, taken: [] }, 'v9');
    await wait(POLL * 4);
    expect(reloads).toBe(3);
    expect(streams).toHaveLength(1);
  });

  it('opens a stream closed for good again after a growing back-off, from the latest version, polling meanwhile', async () => {
    start({ reopenMs: { first: 5000, max: 12_000 } });
    last().connect({ free: {}, taken: [] }, 'v5');
    await wait(0);
    last().fail(true);
    await wait(4999);
    expect(streams).toHaveLength(1);
    expect(reloads).toBe(3); // polls at 1.5, 3 and 4.5 s
    await wait(1);
    expect(streams).toHaveLength(2);
    // The polls' map is the newest the page has: the new stream resumes from its version.
    expect(last().url).toBe('/api/seats/status-stream?presentationId=7&since=r3');
    last().fail(true);
    await wait(9999);
    expect(streams).toHaveLength(2);
    await wait(1);
    expect(streams).toHaveLength(3);
    last().fail(true);
    await wait(12_000); // capped
    expect(streams).toHaveLength(4);
    // Healthy again: the back-off starts over.
    last().connect();
    last().fail(true);
    await wait(5000);
    expect(streams).toHaveLength(5);
  });

  it('polls when no stream can be opened at all, and tries again later', async () => {
    let tries = 0;
    start({
      openStream: () => {
        tries++;
        throw new Error('no EventSource');
      },
    });
    await wait(POLL * 2);
    expect(reloads).toBe(2);
    await wait(5000);
    expect(tries).toBe(2);
  });

  it('does not poll while the page is hidden', async () => {
    start();
    hidden = true;
    await wait(POLL * 4);
    expect(reloads).toBe(0);
    hidden = false;
    await wait(POLL);
    expect(reloads).toBe(1);
  });

  it('polls while healthy after an update failed, until a reload succeeds', async () => {
    let failing = true;
    start({ applyChanges: () => (failing ? Promise.reject(new Error('worker')) : Promise.resolve()) });
    last().connect();
    await wait(POLL);
    expect(reloads).toBe(1);
    failing = false;
    await wait(POLL * 3);
    expect(reloads).toBe(1);
  });

  it('one poll at a time: a slow answer is not overtaken', async () => {
    let resolveReload: (v: string) => void = () => undefined;
    start({
      reloadStatus: () => {
        reloads++;
        return new Promise((resolve) => (resolveReload = resolve));
      },
    });
    await wait(POLL * 5);
    expect(reloads).toBe(1);
    resolveReload('v1');
    await wait(POLL);
    expect(reloads).toBe(2);
  });

  it('closes the stream and stops everything on stop, events of an old stream included', async () => {
    const s = start();
    const stream = last();
    s.stop();
    expect(stream.closed).toBe(true);
    stream.emit('changes', { data: '{"free":{},"taken":[]}', lastEventId: 'v1' });
    await wait(POLL * 10);
    expect(applied).toHaveLength(0);
    expect(reloads).toBe(0);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type SseEvent, SseError, SseParser } from './sse.ts';

function parse(chunks: string[]) {
  const events: SseEvent[] = [];
  const ids: (string | undefined)[] = [];
  const retries: number[] = [];
  const parser = new SseParser(undefined, {
    id: (id) => ids.push(id),
    retry: (ms) => retries.push(ms),
    dispatch: (e) => events.push(e),
  });
  for (const c of chunks) parser.push(c);
  return { events: events.map(({ event, id, data }) => ({ event, id, data })), ids, retries };
}

describe('SseParser', () => {
  it('reads fields, comments, multi-line data and the three line endings, split anywhere', () => {
    const text =
      'retry: 1000\n: ping\n\nevent: changes\r\nid: 7\r\ndata: {"a":1}\r\n\r\n' +
      'data:first\rdata: second\r\rid: 8\nevent: reset\ndata: {}\n\n';
    const whole = parse([text]);
    expect(whole.events).toEqual([
      { event: 'changes', id: '7', data: '{"a":1}' },
      { event: 'message', id: '7', data: 'first\nsecond' },
      { event: 'reset', id: '8', data: '{}' },
    ]);
    expect(whole.retries).toEqual([1000]);
    // The same bytes cut at every position give the same events (a CR at a chunk's end included).
    for (let i = 1; i < text.length; i++)
      expect(parse([text.slice(0, i), text.slice(i)]).events, `cut at ${i}`).toEqual(whole.events);
    expect(parse([...text]).events).toEqual(whole.events);
  });

  it('does not dispatch an event without data, but keeps its id; ignores a bad retry', () => {
    const r = parse(['id: 3\n\nretry: soon\nevent: x\n\ndata\n\n']);
    expect(r.events).toEqual([{ event: 'message', id: '3', data: '' }]);
    expect(r.ids).toEqual(['3', '3', '3']);
    expect(r.retries).toEqual([]);
  });
});

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

let server: Server | undefined;
async function serve(handler: Handler): Promise<{ url: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  server = createServer((req, res) => {
    requests.push(req);
    handler(req, res, requests.length);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/stream?presentationId=1`, requests };
}
afterEach(async () => {
  const s = server;
  server = undefined;
  if (!s) return;
  s.closeAllConnections();
  await new Promise((resolve) => s.close(resolve));
});

const stream = (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });

async function take(it: AsyncIterator<SseEvent>, n: number): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  while (out.length < n) {
    const r = await it.next();
    if (r.done) break;
    out.push(r.value);
  }
  return out;
}

describe('connect', () => {
  it('sends since on the first request, then Last-Event-ID on a reconnect', async () => {
    const { url, requests } = await serve((_req, res, n) => {
      stream(res);
      if (n === 1) {
        res.write('retry: 20\n\nevent: changes\nid: v1\ndata: {"free":{},"taken":[]}\n\n');
        res.end('id: v2\nevent: changes\ndata: {"free":{},"taken":["1_2_3"]}\n\n');
      } else res.write('event: changes\nid: v3\ndata: {"free":{},"taken":[]}\n\n');
    });
    const opened: (string | undefined)[] = [];
    const sse = connect(url, { since: 'v0', reconnect: true, onOpen: (o) => opened.push(o.lastEventId) });
    const events = await take(sse[Symbol.asyncIterator](), 3);
    sse.close();
    expect(events.map((e) => [e.event, e.id])).toEqual([
      ['changes', 'v1'],
      ['changes', 'v2'],
      ['changes', 'v3'],
    ]);
    expect(events[1]!.receivedAt).toBeGreaterThan(0);
    expect(requests[0]!.url).toBe('/stream?presentationId=1&since=v0');
    expect(requests[0]!.headers['last-event-id']).toBeUndefined();
    expect(requests[1]!.url).toBe('/stream?presentationId=1');
    expect(requests[1]!.headers['last-event-id']).toBe('v2');
    expect(opened).toEqual([undefined, 'v2']);
    expect(sse.connects).toBe(2);
    await sse.done;
  });

  it('ends on a 4xx answer with its status and body, as EventSource does', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"code":"event_not_found"}');
    });
    const sse = connect(url, { reconnect: true });
    const error = await sse.done.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SseError);
    expect((error as SseError).status).toBe(404);
    expect((error as SseError).body).toContain('event_not_found');
    await expect(sse[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(SseError);
  });

  it('with reconnect, tries again after a 503 and after a dropped connection', async () => {
    const { url, requests } = await serve((_req, res, n) => {
      if (n === 1) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
        res.end('{"code":"service_unavailable"}');
      } else if (n === 2) {
        stream(res);
        res.write('retry: 10\nid: a\nevent: reset\ndata: {}\n\n');
        setTimeout(() => res.socket?.destroy(), 20);
      } else {
        stream(res);
        res.write('id: b\nevent: changes\ndata: {"free":{},"taken":[]}\n\n');
      }
    });
    const errors: string[] = [];
    const sse = connect(url, {
      reconnect: true,
      maxRetryMs: 50,
      onError: (e) => errors.push(e instanceof SseError ? String(e.status) : 'dropped'),
    });
    const events = await take(sse[Symbol.asyncIterator](), 2);
    sse.close();
    expect(events.map((e) => e.id)).toEqual(['a', 'b']);
    expect(requests.map((r) => r.headers['last-event-id'])).toEqual([undefined, undefined, 'a']);
    expect(errors).toEqual(['503', 'dropped']);
  });

  it('without reconnect, ends when the server ends the stream; onEvent replaces the queue', async () => {
    const { url } = await serve((_req, res) => {
      stream(res);
      res.end('event: changes\nid: 1\ndata: {}\n\n');
    });
    const seen: string[] = [];
    const sse = connect(url, { onEvent: (e) => seen.push(e.event) });
    await sse.done;
    expect(seen).toEqual(['changes']);
    expect(sse.open).toBe(false);
  });

  it('close() ends an open stream and its iteration', async () => {
    const { url } = await serve((_req, res) => {
      stream(res);
      res.write(': ping\n\n');
    });
    const sse = connect(url, { reconnect: true });
    const next = sse[Symbol.asyncIterator]().next();
    await expect.poll(() => sse.open).toBe(true);
    sse.close();
    expect(await next).toEqual({ value: undefined, done: true });
    await sse.done;
  });
});

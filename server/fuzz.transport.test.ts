import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, visitor } from './testing/harness.ts';

/**
 * Hostile transport over every route (the body-level fuzz is in app.test.ts): bodies over the limit,
 * JSON nested ten thousand deep, content types the box office does not take, parameters given twice,
 * headers too large, and bodies that trickle in. Every answer is a 4xx with a catalogue code (the
 * sandbox's pages answer HTML), never a 5xx, and never a hang.
 */
const routes = [
  ['GET', '/api/seats/presentations'],
  ['GET', '/api/presentations/1'],
  ['GET', '/api/presentations/1/ticketGroups'],
  ['GET', '/api/seats/seatplanV2'],
  ['GET', '/api/seats/seats-statusV2'],
  ['PUT', '/api/seats/lock-seat'],
  ['PUT', '/api/seats/unlock-seat'],
  ['PUT', '/api/seats/extend-lock'],
  ['POST', '/api/cart'],
  ['GET', '/api/cart'],
  ['POST', '/api/payment/commit'],
  ['POST', '/api/payment/cancel'],
  ['GET', '/api/payment/voucher-balance'],
  ['POST', '/api/customer/mobile-login'],
  ['POST', '/api/customer/mobile-login-validation-area'],
  ['POST', '/api/customer/login'],
  ['POST', '/api/customer/token-login'],
  ['PUT', '/api/customer-area/details'],
  ['POST', '/api/reservations/AAAAAAAAAA/cancel'],
  ['POST', '/api/csp-report'],
  ['POST', '/sandbox/blik/code'],
  ['GET', '/healthz'],
  ['GET', '/readyz'],
  ['GET', '/metrics'],
] as const;

const QUERY_KEYS = [
  'venueId',
  'seatplanId',
  'presentationId',
  'venueTypeId',
  'isReserved',
  'sectionId',
  'reference',
];

function deepJson(depth: number, open: string, close: string, leaf = '1'): string {
  return open.repeat(depth) + leaf + close.repeat(depth);
}

describe('hostile transport on every route', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { REQUEST_TIMEOUT_MS: '1000' } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const expectClean = (route: readonly [string, string], status: number, body: string, what: string) => {
    expect(status, `${route[0]} ${route[1]} ${what} → ${body.slice(0, 300)}`).toBeLessThan(500);
    if (status >= 400 && !route[1].startsWith('/sandbox/'))
      expect(JSON.parse(body), what).toHaveProperty('code');
  };

  it('answers bad bodies, content types and repeated parameters with a 4xx and a code', async () => {
    const bodies = {
      oversized: () => ({
        type: 'application/json',
        payload: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }),
      }),
      deepArray: () => ({ type: 'application/json', payload: deepJson(10_000, '[', ']') }),
      deepObject: () => ({ type: 'application/json', payload: deepJson(5_000, '{"seat":', '}') }),
      brokenJson: () => ({ type: 'application/json', payload: '{"seat": {"PresentationId": 1,' }),
      textPlain: () => ({ type: 'text/plain', payload: 'seat=1' }),
      xml: () => ({ type: 'application/xml', payload: '<seat id="1"/>' }),
      multipart: () => ({ type: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n1\r\n--x--' }),
      noType: () => ({ type: undefined, payload: '{"seat":1}' }),
      bigKeys: () => ({
        type: 'application/json',
        payload: JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))),
      }),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...(Object.keys(bodies) as (keyof typeof bodies)[])),
        fc.subarray(QUERY_KEYS),
        fc.boolean(),
        async (route, kind, repeated, withVisitor) => {
          const { type, payload } = bodies[kind]();
          const query = repeated.map((k) => `${k}=1&${k}=2`).join('&');
          const res = await t.app.inject({
            method: route[0],
            url: query ? `${route[1]}?${query}` : route[1],
            headers: {
              ...(type ? { 'content-type': type } : {}),
              ...(withVisitor ? { uuid: visitor() } : {}),
            },
            ...(route[0] === 'GET' ? {} : { payload }),
          });
          expectClean(route, res.statusCode, res.body, `${kind} ?${query}`);
          if (kind === 'oversized' && route[0] !== 'GET') expect(res.statusCode).toBe(413);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses headers over 16 KB with 431 and a body over 256 KB with 413 over real HTTP', async () => {
    const big = await fetch(`${base}/api/seats/presentations`, {
      headers: { cookie: `a=${'x'.repeat(20_000)}` },
    });
    expect(big.status).toBe(431);
    const body = await fetch(`${base}/api/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', uuid: visitor() },
      body: JSON.stringify({ cart: { pad: 'x'.repeat(300 * 1024) } }),
    });
    expect(body.status).toBe(413);
    expect(await body.json()).toMatchObject({ code: 'formValidation' });
  });

  it('cuts off a body that trickles in slower than REQUEST_TIMEOUT_MS (408), and keeps serving others', async () => {
    const { port } = new URL(base);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `PUT /api/seats/lock-seat HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\nuuid: ${visitor()}\r\ncontent-length: 1000\r\n\r\n{"seat":`,
        );
        const drip = setInterval(() => socket.write(' '), 200);
        socket.on('close', () => clearInterval(drip));
      });
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`no answer after 10 s: ${text}`)), 10_000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSeatChanges } from '../flows/order/liveStatusSource.ts';
import { isApiErrorBody, retryDelay } from './client.ts';
import { ApiErrorSchema } from './contract/errors.ts';

/** Values shaped like error bodies, often almost right: each field sometimes of the wrong type or missing. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(fc.oneof(arb, fc.anything()), { nil: undefined });
const errorLike = fc.record(
  {
    statusCode: maybe(fc.oneof(fc.integer(), fc.double())),
    code: maybe(fc.string()),
    message: maybe(fc.string()),
    params: maybe(fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean()))),
    requestId: maybe(fc.string()),
  },
  { requiredKeys: [] },
);

describe('the client reads error bodies without zod', () => {
  it('accepts exactly what the contract’s ApiErrorSchema accepts', () => {
    fc.assert(
      fc.property(fc.oneof(errorLike, fc.anything()), (body) => {
        expect(isApiErrorBody(body)).toBe(ApiErrorSchema.safeParse(body).success);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a real error answer', () => {
    expect(
      isApiErrorBody({
        statusCode: 409,
        code: 'lock_seat_error',
        message: 'taken',
        params: { seat: '1_2_3' },
      }),
    ).toBe(true);
    expect(isApiErrorBody({ statusCode: '409', code: 'lock_seat_error', message: 'taken' })).toBe(false);
  });
});

describe('live seat changes are checked by hand', () => {
  it('accepts a diff and refuses anything else', () => {
    expect(isSeatChanges({ free: { '1_2_3': '5,0' }, taken: ['1_2_4'] })).toBe(true);
    expect(isSeatChanges({ free: {}, taken: [] })).toBe(true);
    expect(isSeatChanges({ free: { '1_2_3': 5 }, taken: [] })).toBe(false);
    expect(isSeatChanges({ free: [], taken: [] })).toBe(false);
    expect(isSeatChanges({ free: {}, taken: [1] })).toBe(false);
    expect(isSeatChanges(null)).toBe(false);
    fc.assert(
      fc.property(fc.anything(), (v) => {
        if (isSeatChanges(v)) expect(Array.isArray(v.taken)).toBe(true);
      }),
    );
  });
});

describe('a call cut by a dying host or answered "come back" is tried again, when that is safe', () => {
  const cut = { status: undefined, retryAfter: null };
  it('tries a read, a PUT, a DELETE or a keyed call twice more after a cut connection', () => {
    for (const method of ['GET', 'PUT', 'DELETE'])
      expect([1, 2, 3].map((n) => retryDelay({ method }, cut, n))).toEqual([300, 1000, null]);
    const commit = { method: 'POST', headers: { 'Idempotency-Key': 'k' } };
    expect(retryDelay(commit, cut, 1)).toBe(300);
    // A POST without a key could do its work twice: never.
    expect(retryDelay({ method: 'POST' }, cut, 1)).toBeNull();
    expect(retryDelay({ method: 'PATCH' }, cut, 1)).toBeNull();
  });
  it("waits as long as Retry-After asks (up to 5 s) for 502, 503, 504; any other answer is the call's", () => {
    expect(retryDelay({ method: 'GET' }, { status: 503, retryAfter: '2' }, 1)).toBe(2000);
    expect(retryDelay({ method: 'GET' }, { status: 503, retryAfter: '120' }, 1)).toBe(5000);
    expect(retryDelay({ method: 'GET' }, { status: 502, retryAfter: null }, 2)).toBe(1000);
    const down = { status: 503, retryAfter: '2', code: 'service_unavailable' };
    expect(retryDelay({ method: 'GET' }, down, 1)).toBe(2000);
    // A venue that sells at its box office only answers 503 too: that is the answer, not a pause.
    expect(
      retryDelay({ method: 'GET' }, { status: 503, retryAfter: null, code: 'location_offline' }, 1),
    ).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 400, max: 599 }), (status) => {
        const d = retryDelay({ method: 'PUT' }, { status, retryAfter: null }, 1);
        expect(d !== null).toBe([502, 503, 504].includes(status));
      }),
    );
  });
});

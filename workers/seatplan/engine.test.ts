import { expose, proxy, type Remote, wrap } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cinemaHallPlan } from '../../server/seed/seatplans.ts';
import { type PlanSummary, SeatplanEngine } from './engine.ts';
import { encodeColumns } from './columns.ts';
import { SEAT_STATE } from './model.ts';
import { sectionShares } from './summary.ts';

/** The engine as the shop talks to it: through comlink over a message channel, like the worker. */
function connect(): { api: Remote<SeatplanEngine>; close(): void } {
  const { port1, port2 } = new MessageChannel();
  expose(new SeatplanEngine(), port1);
  const api = wrap<SeatplanEngine>(port2);
  return {
    api,
    close: () => {
      port1.close();
      port2.close();
    },
  };
}

const plan = cinemaHallPlan(
  { venueId: 1, seatplanId: 11, name: 'Hall' },
  { rows: 8, seatsPerRow: 10, levels: { regular: 1, sofa: 3 }, variant: 'sofas' },
);
const options = { maxSeats: 4, seatingPolicyId: 1 };
let conn: ReturnType<typeof connect>;
afterEach(() => conn?.close());

describe('the seat-plan engine through its comlink API', () => {
  it("tells the far level's summary while it loads, with each section's free seats", async () => {
    conn = connect();
    const first = await conn.api.load({ plan }, options);
    const keys = await Promise.all(
      Array.from({ length: 12 }, (_, i) => conn.api.describe(i).then((d) => d!.key)),
    );
    const heard: PlanSummary[] = [];
    const status = Object.fromEntries(keys.map((k) => [k, '1,1']));
    const r = await conn.api.load(
      { plan, status },
      options,
      proxy((summary: PlanSummary) => heard.push(summary)),
    );
    // Told on a port of its own: it may arrive just after the answer.
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    const summary = heard[0]!;
    expect(summary.count).toBe(first.render!.count);
    expect(summary.bounds).toEqual(r.render!.bounds);
    expect(summary.sections.map((s) => s.hull)).toEqual(r.render!.sections.map((s) => s.hull));
    expect(summary.shares.reduce((n, s) => n + s.available, 0)).toBe(12);
    expect(summary.shares.reduce((n, s) => n + s.total, 0)).toBe(r.render!.count);
    expect(summary.shares.find((s) => s.available > 0)!.level).toBe(1);
    expect(summary.levels).toEqual(r.render!.levels);
  });

  it('tells the summary of a plan in columns from the status text before the seats are read', async () => {
    conn = connect();
    const first = await conn.api.load({ plan }, options);
    const keys = await Promise.all(
      Array.from({ length: first.render!.count }, (_, i) => conn.api.describe(i).then((d) => d!.key)),
    );
    // Every third seat free, with its ticket group as the box office answers (spec section 7).
    const tg = first.render!.ticketGroup;
    const seats = Object.fromEntries(
      keys.flatMap((k, i) => (i % 3 === 0 ? [[k, `${tg[i]},1`] as const] : [])),
    );
    const statusBytes = new TextEncoder().encode(JSON.stringify({ seats, held: [] })).buffer as ArrayBuffer;
    const planBytes = encodeColumns(plan).bytes.slice().buffer;
    const order: string[] = [];
    let summary: PlanSummary | null = null;
    const loaded = conn.api
      .load(
        { planBytes, statusBytes },
        options,
        proxy((s: PlanSummary) => {
          summary = s;
          order.push('summary');
          // The page answers once it has drawn it.
          return new Promise((resolve) => setTimeout(resolve, 20));
        }),
      )
      .then((r) => (order.push('loaded'), r));
    const r = await loaded;
    expect(order).toEqual(['summary', 'loaded']);
    expect(r.available).toBe(Object.keys(seats).length);
    // The same shares as the seats the load read, section by section.
    const told = summary! as PlanSummary;
    expect(told.sections).toEqual(r.render!.sections);
    expect(told.levels).toEqual(r.render!.levels);
    expect(told.shares).toEqual(sectionShares(r.render!.sections, r.render!.ticketGroup, r.state!));
  });

  it('loads a plan with a status map and reports figures and the taken ratio', async () => {
    conn = connect();
    const first = await conn.api.load({ plan }, options);
    const keys = await Promise.all(
      Array.from({ length: 20 }, (_, i) => conn.api.describe(i).then((d) => d!.key)),
    );
    const status = Object.fromEntries(keys.map((k) => [k, '1,1']));
    const r = await conn.api.load({ plan, status }, options);
    expect(r.ok).toBe(true);
    expect(r.render!.count).toBe(first.render!.count);
    expect(r.available).toBe(20);
    expect(r.takenRatio).toBe(Math.round(((r.render!.count - 20) / r.render!.count) * 1000) / 1000);
    expect(r.grid!.cellItems.length).toBe(r.render!.count);
  });

  it('parses raw JSON bytes and answers a clear problem for bytes that are not JSON', async () => {
    conn = connect();
    const bytes = new TextEncoder().encode(JSON.stringify(plan)).buffer;
    expect((await conn.api.load({ planBytes: bytes as ArrayBuffer }, options)).ok).toBe(true);
    const bad = await conn.api.load(
      { planBytes: new TextEncoder().encode('{"S": [').buffer as ArrayBuffer },
      options,
    );
    expect(bad.ok).toBe(false);
    expect(bad.issues[0]!.message).toMatch(/JSON/);
    const notStatus = await conn.api.load(
      { plan, status: [1, 2] as unknown as Record<string, string> },
      options,
    );
    expect(notStatus.issues[0]!.path).toBe('status');
  });

  it('applies a status update as a diff and describes seats', async () => {
    conn = connect();
    await conn.api.load({ plan }, options);
    const d0 = (await conn.api.describe(0))!;
    expect(d0).toMatchObject({ row: '1', kind: expect.any(String) });
    const update = await conn.api.applyStatus({ status: { [d0.key]: '1,1' } });
    expect(update.changed.length).toBeGreaterThan(0);
    expect(update.available).toBe(1);
    expect((await conn.api.describe(0))!.kind).not.toBe('taken');
    expect((await conn.api.describe(1))!.kind).toBe('taken');
  });

  it('checks the rules before a selection and keeps the selection through status updates', async () => {
    conn = connect();
    await conn.api.load({ plan }, options);
    const check = await conn.api.checkSelect(5);
    expect(check.ok).toBe(true);
    if (check.ok) await conn.api.applySelection(check.seats, true);
    expect(await conn.api.selected()).toContain(5);
    const key5 = (await conn.api.describe(5))!.key;
    await conn.api.applyStatus({ status: {} });
    expect(await conn.api.selected()).toContain(5);
    expect(await conn.api.indexOfKey(key5)).toBe(5);
    const list = await conn.api.availableList();
    expect(list.flatMap((s) => s.rows.flatMap((r) => r.seats)).find((s) => s.index === 5)?.kind).toBe(
      'selected',
    );
    expect(SEAT_STATE.selected).toBe(2);
  });

  it('answers a swap with the seats it selects and the selected seats it releases (a whole sofa)', async () => {
    conn = connect();
    const r = await conn.api.load({ plan }, { maxSeats: 2, seatingPolicyId: 1 });
    const all = await Promise.all(Array.from({ length: r.render!.count }, (_, i) => conn.api.describe(i)));
    const sofas = all.filter((d) => d!.sofa).map((d) => d!.index);
    const [a1, a2, b1, b2] = sofas;
    const first = await conn.api.checkSelect(a1!);
    expect(first).toMatchObject({ ok: true, seats: [a1, a2] });
    await conn.api.applySelection([a1!, a2!], true);
    // At the cap of two, the other sofa is only reachable by a swap.
    expect(await conn.api.checkSelect(b1!)).toMatchObject({ ok: false, code: 'max_seats_error' });
    expect(await conn.api.checkSwap(a2!, b1!)).toEqual({
      ok: true,
      seats: [b1, b2],
      confirm: [],
      release: [a1, a2],
    });
    const plainSeat = all.find((d) => !d!.sofa && d!.ticketGroup !== all[a1!]!.ticketGroup)!.index;
    expect(await conn.api.checkSwap(a1!, plainSeat)).toMatchObject({
      ok: false,
      code: 'swap_price_level_error',
    });
  });

  it('sends Accept and the visitor uuid on its own plan and status fetches (spec section 7)', async () => {
    const uuid = '0b6f9c1e-2a4d-4c8e-9f10-3d5e7a9b1c2d';
    const seen: { url: string; headers: Headers }[] = [];
    const fetchStub = vi.fn((url: string, init?: RequestInit) => {
      seen.push({ url, headers: new Headers(init?.headers) });
      const body = url.includes('status') ? JSON.stringify({ seats: {}, held: [] }) : JSON.stringify(plan);
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchStub);
    try {
      // The engine itself, as the worker runs it (the stub is this thread's fetch).
      const engine = new SeatplanEngine();
      const r = await engine.load(
        {
          planUrl: 'http://shop.test/api/seats/seatplanV2',
          statusUrl: 'http://shop.test/api/seats/seats-statusV2',
          headers: { uuid },
        },
        options,
      );
      expect(r.ok).toBe(true);
      // The status poll reuses the load's headers; a poll may also bring its own.
      await engine.applyStatus({ url: 'http://shop.test/api/seats/seats-statusV2?poll=1' });
      await engine.applyStatus({
        url: 'http://shop.test/api/seats/seats-statusV2?poll=2',
        headers: { uuid: 'other' },
      });
      expect(seen.map((s) => s.url)).toEqual([
        'http://shop.test/api/seats/seatplanV2',
        'http://shop.test/api/seats/seats-statusV2',
        'http://shop.test/api/seats/seats-statusV2?poll=1',
        'http://shop.test/api/seats/seats-statusV2?poll=2',
      ]);
      for (const s of seen) expect(s.headers.get('accept')).toBe('application/json');
      expect(seen.map((s) => s.headers.get('uuid'))).toEqual([uuid, uuid, uuid, 'other']);
      // Without a session uuid no uuid header goes out, and a caller cannot replace Accept.
      seen.length = 0;
      await engine.load({ planUrl: 'http://shop.test/p', headers: { Accept: 'text/html' } }, options);
      expect(seen[0]!.headers.get('uuid')).toBeNull();
      expect(seen[0]!.headers.get('accept')).toBe('application/json');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('finds seats in a rectangle through its index', async () => {
    conn = connect();
    const r = await conn.api.load({ plan }, options);
    const { minX, minY, maxX, maxY } = r.render!.bounds;
    expect((await conn.api.seatsInRect(minX, minY, maxX, maxY)).length).toBe(r.render!.count);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cinemaHallPlan } from '../../server/seed/seatplans.ts';
import { SeatplanEngine } from './engine.ts';
import { fetchStatus, readSource } from './sources.ts';

const plan = cinemaHallPlan(
  { venueId: 1, seatplanId: 1, name: 'h' },
  { rows: 4, seatsPerRow: 6, levels: { regular: 1 }, variant: 'standard' },
);
const options = { maxSeats: 4, seatingPolicyId: 1 };
const status = JSON.stringify({ seats: { '1_0_0': '1,1' }, held: [] });

/** A box office that answers every status map with the given version header (none when null). */
function serve(version: string | null) {
  const stub = vi.fn((url: string) => {
    const isStatus = url.includes('status');
    const headers = new Headers({ 'content-type': 'application/json' });
    if (isStatus && version !== null) headers.set('x-status-version', version);
    return Promise.resolve(new Response(isStatus ? status : JSON.stringify(plan), { headers }));
  });
  vi.stubGlobal('fetch', stub);
  return stub;
}

afterEach(() => vi.unstubAllGlobals());

describe('the status version of a status map (x-status-version)', () => {
  it('comes with the text of a fetched map, and only when the answer says', async () => {
    serve('v-42');
    expect(await fetchStatus('http://shop.test/seats-status')).toEqual({ text: status, version: 'v-42' });
    serve(null);
    expect(await fetchStatus('http://shop.test/seats-status')).toEqual({ text: status });
  });

  it('goes with bytes the main thread fetched', async () => {
    const statusBytes = new TextEncoder().encode(status).buffer as ArrayBuffer;
    const [, input] = await readSource({ plan, statusBytes, statusVersion: 'v-7' });
    expect(input).toEqual({ text: status, version: 'v-7' });
  });

  it('is answered by the engine for a load and for a status poll from a URL', async () => {
    serve('v-1');
    const engine = new SeatplanEngine();
    const base = 'http://shop.test/api/seats/';
    const loaded = await engine.load(
      { planUrl: `${base}seatplanV2`, statusUrl: `${base}seats-statusV2` },
      options,
    );
    expect(loaded.ok).toBe(true);
    expect(loaded.statusVersion).toBe('v-1');
    serve('v-2');
    expect((await engine.applyStatus({ url: `${base}seats-statusV2` })).statusVersion).toBe('v-2');
    // A map handed over as an object has no version; nor has a load without a status map.
    expect((await engine.applyStatus({ status: {} })).statusVersion).toBeUndefined();
    expect((await engine.load({ plan }, options)).statusVersion).toBeUndefined();
  });
});

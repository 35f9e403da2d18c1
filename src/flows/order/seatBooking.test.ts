import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../api/client.ts';
import type { Presentation } from '../../api/contract/presentations.ts';
import { api } from '../../api/endpoints.ts';
import { seatKey } from '../../domain/seatKey.ts';
import type { SeatDescription, SeatMapHandle } from '../../seatmap/index.ts';
import { lockSeats, releaseSeats, swapSeats } from './seatBooking.ts';

vi.mock('../../api/endpoints.ts', () => ({
  api: { lockSeat: vi.fn(), unlockSeat: vi.fn(), seatsStatus: vi.fn(), swapSeat: vi.fn() },
}));

const p = { id: 7, venueId: 1, seatplanId: 12 } as Presentation;
const expiresAt = '2026-11-22T10:24:00.000Z';

/** A map of six seats in one row (index i is seat `1_i_1`), recording what the step did to it. */
function fakeMap() {
  const log = { selected: new Set<number>(), taken: new Set<number>(), statusApplied: 0 };
  const describe = (i: number): SeatDescription => ({
    index: i,
    key: seatKey(1, i, 1),
    sectionId: 1,
    section: 'Hall',
    row: '1',
    seat: String(i + 1),
    ticketGroup: 1,
    allocation: 1,
    kind: log.selected.has(i) ? 'selected' : 'available',
    premium: false,
    handicap: false,
    companion: false,
    limitedView: false,
    sofa: false,
  });
  const h = {
    describe: (i: number) => Promise.resolve(describe(i)),
    indexOfKey: (k: string) => Number(k.split('_')[1]),
    setSelected: (indices: number[], on: boolean) => {
      for (const i of indices)
        if (on) log.selected.add(i);
        else log.selected.delete(i);
      return Promise.resolve();
    },
    markTaken: (indices: number[]) => {
      for (const i of indices) log.taken.add(i);
      return Promise.resolve();
    },
    applyStatus: () => {
      log.statusApplied++;
      return Promise.resolve({ changed: 0, takenRatio: 0, available: 0, ms: 0 });
    },
  } as unknown as SeatMapHandle;
  return { h, log };
}

const locked = (x: number) => ({ lockedSeat: { x, y: 1 }, expiresAt });
const refused = (code: string, status = 409) => new ApiCallError(code, status, code);

beforeEach(() => vi.resetAllMocks());

describe('releaseSeats', () => {
  it('keeps a seat selected and in the order when its unlock fails on the way (503)', async () => {
    const { h, log } = fakeMap();
    await h.setSelected([1, 2], true);
    vi.mocked(api.unlockSeat)
      .mockResolvedValueOnce({ unlockedSeat: { x: 1, y: 1 } })
      .mockRejectedValueOnce(refused('fetch_data_error', 503));
    const r = await releaseSeats(h, p, [1, 2]);
    expect(r).toEqual({ gone: ['1_1_1'], kept: ['1_2_1'] });
    expect([...log.selected]).toEqual([2]);
    expect(api.seatsStatus).not.toHaveBeenCalled();
  });

  it('lets a seat go that the box office says is no longer the visitor’s, once the status map agrees', async () => {
    const { h, log } = fakeMap();
    await h.setSelected([1, 2], true);
    vi.mocked(api.unlockSeat).mockRejectedValue(refused('unlock_seat_error'));
    // Seat 1's lock lapsed; seat 2 is (still) held by the visitor.
    vi.mocked(api.seatsStatus).mockResolvedValue({
      seats: { [seatKey(1, 1, 1)]: '1,1' },
      held: [seatKey(1, 2, 1)],
    });
    const r = await releaseSeats(h, p, [1, 2]);
    expect(r).toEqual({ gone: ['1_1_1'], kept: ['1_2_1'] });
    expect([...log.selected]).toEqual([2]);
    expect(log.statusApplied).toBe(1);
  });

  it('keeps the seats when the status map cannot be read either', async () => {
    const { h, log } = fakeMap();
    await h.setSelected([3], true);
    vi.mocked(api.unlockSeat).mockRejectedValue(refused('unlock_seat_error'));
    vi.mocked(api.seatsStatus).mockRejectedValue(refused('fetch_data_error', 500));
    expect(await releaseSeats(h, p, [3])).toEqual({ gone: [], kept: ['1_3_1'] });
    expect([...log.selected]).toEqual([3]);
  });
});

describe('lockSeats', () => {
  it('reverts the whole attempt on a refusal: taken seats show as taken, unpriced ones stay free', async () => {
    const { h, log } = fakeMap();
    vi.mocked(api.lockSeat)
      .mockResolvedValueOnce(locked(1))
      .mockRejectedValueOnce(refused('no_price_policy'));
    vi.mocked(api.unlockSeat).mockResolvedValue({ unlockedSeat: { x: 1, y: 1 } });
    const r = await lockSeats(h, p, [1, 2]);
    expect(r.ok).toBe(false);
    expect(api.unlockSeat).toHaveBeenCalledTimes(1);
    expect(log.selected.size).toBe(0);
    expect(log.taken.size).toBe(0);

    vi.mocked(api.lockSeat).mockRejectedValueOnce(refused('lock_seat_error'));
    await lockSeats(h, p, [4]);
    expect([...log.taken]).toEqual([4]);
  });
});

describe('swapSeats', () => {
  it('locks the new seat replacing the old one in one call, then shows the swap', async () => {
    const { h, log } = fakeMap();
    await h.setSelected([0, 1], true);
    vi.mocked(api.swapSeat).mockResolvedValue(locked(5));
    const r = await swapSeats(h, p, [1], [5]);
    expect(r).toMatchObject({ ok: true, released: ['1_1_1'], held: [{ key: '1_5_1' }] });
    expect(vi.mocked(api.swapSeat).mock.calls[0]).toMatchObject([{ XCoordinate: 5 }, [{ XCoordinate: 1 }]]);
    expect([...log.selected].sort()).toEqual([0, 5]);
    expect(api.unlockSeat).not.toHaveBeenCalled();
  });

  it('leaves the old selection untouched when the new seat is refused', async () => {
    const { h, log } = fakeMap();
    await h.setSelected([1], true);
    vi.mocked(api.swapSeat).mockRejectedValue(refused('swap_price_level_error'));
    const r = await swapSeats(h, p, [1], [5]);
    expect(r).toMatchObject({ ok: false, lost: [] });
    expect([...log.selected]).toEqual([1]);
    expect(api.unlockSeat).not.toHaveBeenCalled();
  });

  it('takes the old seats back when the second seat of a sofa is refused; one taken meanwhile is lost', async () => {
    const { h, log } = fakeMap();
    await h.setSelected([0, 1], true);
    vi.mocked(api.swapSeat).mockResolvedValue(locked(4));
    vi.mocked(api.lockSeat)
      .mockRejectedValueOnce(refused('lock_seat_error')) // seat 5, the sofa's second seat
      .mockResolvedValueOnce(locked(0)) // seat 0 back
      .mockRejectedValueOnce(refused('lock_seat_error')); // seat 1 was taken meanwhile
    vi.mocked(api.unlockSeat).mockResolvedValue({ unlockedSeat: { x: 4, y: 1 } });
    const r = await swapSeats(h, p, [0, 1], [4, 5]);
    expect(r).toMatchObject({ ok: false, lost: ['1_1_1'] });
    expect(api.unlockSeat).toHaveBeenCalledTimes(1);
    expect([...log.selected]).toEqual([0]);
    expect([...log.taken].sort()).toEqual([1, 5]);
  });
});

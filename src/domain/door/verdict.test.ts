import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decide,
  type DoorTicket,
  type EntryState,
  NOT_SCANNED,
  PASSING,
  type ScanDirection,
} from './verdict.ts';

const PRESENTATION = 7;
const scanArb = fc.record({
  direction: fc.constantFrom<ScanDirection>('in', 'out'),
  door: fc.constantFrom('Main', 'Side', 'Back'),
  gap: fc.integer({ min: 1, max: 600_000 }),
});

/**
 * The door's rule against a model of entry, exit and re-entry (issue 37): whatever scans come, in any
 * order and at any door, a ticket is inside exactly when it came in once more than it went out, it
 * comes in at most once without re-entry, and a refusal says when and where it last came in or out.
 */
describe('the door rule', () => {
  it('follows the model of entry, exit and re-entry for any sequence of scans', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(scanArb, { maxLength: 40 }), (reentry, scans) => {
        const ticket: DoorTicket = { presentationId: PRESENTATION, state: 'valid', reentry };
        let entry: EntryState = NOT_SCANNED;
        let at = 1_000;
        let inside = false;
        let everIn = false;
        let admitted = 0;
        let exited = 0;
        let last: { at: number; door: string } | null = null;
        for (const s of scans) {
          at += s.gap;
          const d = decide(ticket, entry, {
            direction: s.direction,
            presentationIds: [PRESENTATION],
            door: s.door,
            at,
          });
          // The model's answer.
          const expected =
            s.direction === 'in'
              ? inside
                ? 'already_in'
                : everIn && !reentry
                  ? 'no_reentry'
                  : 'admitted'
              : inside
                ? 'exited'
                : 'not_inside';
          expect(d.verdict).toBe(expected);
          if (PASSING.has(d.verdict)) {
            expect(d.lastAt).toBeNull();
            last = { at, door: s.door };
            if (d.verdict === 'admitted') {
              admitted++;
              inside = true;
              everIn = true;
            } else {
              exited++;
              inside = false;
            }
          } else {
            expect(d.next).toBe(entry); // a refusal changes nothing
            expect({ at: d.lastAt, door: d.lastDoor }).toEqual(
              d.verdict === 'not_inside' && !last
                ? { at: null, door: null }
                : { at: last!.at, door: last!.door },
            );
          }
          entry = d.next;
          expect(entry.inside).toBe(inside);
          expect(admitted - exited).toBe(inside ? 1 : 0);
          expect(entry.entries).toBe(admitted);
          if (!reentry) expect(admitted).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a ticket that is not for this door before looking at its entries', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<DoorTicket['state']>('valid', 'held', 'cancelled'),
        fc.boolean(),
        fc.constantFrom<ScanDirection>('in', 'out'),
        (state, here, direction) => {
          const ticket: DoorTicket = { presentationId: PRESENTATION, state, reentry: true };
          const d = decide(ticket, NOT_SCANNED, {
            direction,
            presentationIds: here ? [PRESENTATION, 9] : [9],
            door: 'Main',
            at: 1,
          });
          const expected =
            state === 'cancelled'
              ? 'cancelled'
              : state === 'held'
                ? 'not_paid'
                : !here
                  ? 'wrong_presentation'
                  : direction === 'in'
                    ? 'admitted'
                    : 'not_inside';
          expect(d.verdict).toBe(expected);
          expect(
            decide(null, NOT_SCANNED, { direction, presentationIds: [PRESENTATION], door: 'Main', at: 1 })
              .verdict,
          ).toBe('unknown');
        },
      ),
    );
  });

  /**
   * The box office's protocol (server/services/door/redeem.ts) in a model: each door reads the entry and
   * its version, decides, and writes only if the version is still the one it read, else reads again.
   * However the doors' steps interleave, a ticket scanned in at many doors at once comes in once.
   */
  it('lets one of many simultaneous doors in, however their reads and writes interleave', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 200 }),
        fc.boolean(),
        (doors, schedule, reentry) => {
          const ticket: DoorTicket = { presentationId: PRESENTATION, state: 'valid', reentry };
          const stored = { entry: NOT_SCANNED, version: 0 };
          type Door = { read: { entry: EntryState; version: number } | null; verdict: string | null };
          const state: Door[] = Array.from({ length: doors }, () => ({ read: null, verdict: null }));
          const step = (i: number) => {
            const door = state[i]!;
            if (door.verdict) return;
            if (!door.read) {
              door.read = { ...stored };
              return;
            }
            const d = decide(ticket, door.read.entry, {
              direction: 'in',
              presentationIds: [PRESENTATION],
              door: `D${i}`,
              at: 5,
            });
            if (d.next === door.read.entry) door.verdict = d.verdict;
            else if (stored.version === door.read.version) {
              stored.entry = d.next;
              stored.version++;
              door.verdict = d.verdict;
            } else door.read = null; // moved meanwhile: read again
          };
          for (const n of schedule) step(n % doors);
          for (let round = 0; round < doors * 3; round++) for (let i = 0; i < doors; i++) step(i);
          const verdicts = state.map((d) => d.verdict);
          expect(verdicts.filter((v) => v === 'admitted')).toHaveLength(1);
          expect(verdicts.filter((v) => v === 'already_in')).toHaveLength(doors - 1);
          expect(stored.entry.entries).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

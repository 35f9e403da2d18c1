/**
 * What changes between two versions of a hall's plan (a draft against the published one): seats added,
 * removed, moved to another key, or with other properties. One pass over each plan with maps.
 */
import type { PlanSeat, Seatplan } from '../../api/contract/seatplan.ts';
import { seatKey } from '../seatKey.ts';
import { SEAT_FLAGS } from './edits.ts';

export interface SeatRef {
  key: string;
  section: string;
  row: string;
  seat: string;
}

export type SeatField =
  'tg' | 'ai' | 'handicap' | 'companion' | 'limitedView' | 'premium' | 'sofa' | 'row' | 'seat';

export interface PlanDiff {
  added: SeatRef[];
  removed: SeatRef[];
  /** A seat gone from its key whose section id, row and seat name are found under a new key. */
  moved: { from: SeatRef; to: SeatRef }[];
  changed: { seat: SeatRef; fields: SeatField[] }[];
}

interface Entry {
  ref: SeatRef;
  seat: PlanSeat;
  sectionId: number;
}

function entries(plan: Seatplan): Map<string, Entry> {
  const out = new Map<string, Entry>();
  for (const section of plan.S) {
    for (const group of section.G) {
      for (const row of group.R) {
        for (const seat of row.S) {
          const key = seatKey(section.id, seat.x, seat.y);
          out.set(key, {
            ref: { key, section: section.name, row: seat.r, seat: seat.n },
            seat,
            sectionId: section.id,
          });
        }
      }
    }
  }
  return out;
}

/** The fields that differ between two versions of one seat (a flag left out reads as false). */
export function seatFieldsChanged(a: PlanSeat, b: PlanSeat): SeatField[] {
  const fields: SeatField[] = [];
  if (a.tg !== b.tg) fields.push('tg');
  if (a.ai !== b.ai) fields.push('ai');
  for (const f of SEAT_FLAGS) if (Boolean(a[f]) !== Boolean(b[f])) fields.push(f);
  if ((a.sofa ?? '') !== (b.sofa ?? '')) fields.push('sofa');
  if (a.r !== b.r) fields.push('row');
  if (a.n !== b.n) fields.push('seat');
  return fields;
}

const nameId = (e: Entry): string => `${e.sectionId}\u0000${e.seat.r}\u0000${e.seat.n}`;

/** The differences from `from` to `to`, each list in the order of `to` (removed: in the order of `from`). */
export function diffPlans(from: Seatplan, to: Seatplan): PlanDiff {
  const before = entries(from);
  const after = entries(to);
  const diff: PlanDiff = { added: [], removed: [], moved: [], changed: [] };

  // Seats of `from` whose key is gone, by section id, row and seat name (the first of a name wins).
  const gone = new Map<string, Entry>();
  for (const [key, e] of before) {
    if (after.has(key)) continue;
    const id = nameId(e);
    if (!gone.has(id)) gone.set(id, e);
  }
  const movedFrom = new Set<string>();
  for (const [key, e] of after) {
    const old = before.get(key);
    if (old) {
      const fields = seatFieldsChanged(old.seat, e.seat);
      if (fields.length > 0) diff.changed.push({ seat: e.ref, fields });
      continue;
    }
    const id = nameId(e);
    const was = gone.get(id);
    if (was) {
      gone.delete(id);
      movedFrom.add(was.ref.key);
      diff.moved.push({ from: was.ref, to: e.ref });
    } else diff.added.push(e.ref);
  }
  for (const [key, e] of before) {
    if (!after.has(key) && !movedFrom.has(key)) diff.removed.push(e.ref);
  }
  return diff;
}

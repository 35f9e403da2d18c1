/**
 * Edits a venue makes to a draft plan in the back office: seat properties in bulk, section and row names.
 * The input plan is never changed: the answer shares every seat, row and section it did not touch.
 */
import type { Locale } from '../../api/contract/constants.ts';
import type { PlanGroup, PlanRow, PlanSeat, PlanSection, Seatplan } from '../../api/contract/seatplan.ts';
import { seatKey } from '../seatKey.ts';

export type SeatFlag = 'handicap' | 'companion' | 'limitedView' | 'premium';
export const SEAT_FLAGS: readonly SeatFlag[] = ['handicap', 'companion', 'limitedView', 'premium'];

export type PlanEdit =
  | ({
      op: 'setSeats';
      keys: readonly string[];
      tg?: number;
      ai?: number;
      /** A sofa id, or null (or '') to take the seats off their sofa. */
      sofa?: string | null;
    } & { [F in SeatFlag]?: boolean })
  | {
      op: 'renameSection';
      sectionId: number;
      name?: string;
      /** Replaces the section's names per locale (empty names are dropped; none left removes them). */
      names?: Partial<Record<Locale, string>>;
    }
  | {
      /** Renames the row (in every group of the section) and the `r` of its seats. */
      op: 'renameRow';
      sectionId: number;
      row: string;
      to: string;
    };

export type PlanEditErrorCode = 'seat_not_in_plan' | 'section_not_in_plan' | 'row_not_in_plan';

/** An edit names a seat, section or row the plan does not have. */
export class PlanEditError extends Error {
  readonly code: PlanEditErrorCode;
  readonly value: string | number;

  constructor(code: PlanEditErrorCode, value: string | number) {
    super(`${code}: ${value}`);
    this.name = 'PlanEditError';
    this.code = code;
    this.value = value;
  }
}

interface SeatSlot {
  row: PlanRow;
  index: number;
}

/**
 * Applies the edits in order to a copy of the plan. `changed` counts the seats and sections that differ
 * afterwards (a seat touched by several edits counts once; an edit that sets what was there counts
 * nothing; renaming a row changes its seats). Throws a {@link PlanEditError} for an unknown seat key,
 * section id or row name.
 */
export function applyPlanEdits(
  plan: Seatplan,
  edits: readonly PlanEdit[],
): { plan: Seatplan; changed: number } {
  // A copy down to the rows: seats are shared until one is edited, then replaced by its edited copy.
  const next: Seatplan = {
    ...plan,
    S: plan.S.map((s) => ({
      ...s,
      G: s.G.map((g) => ({ ...g, R: g.R.map((r) => ({ ...r, S: r.S.slice() })) })),
    })),
  };
  let slots: Map<string, SeatSlot> | undefined;
  const seatSlots = () => (slots ??= indexSeats(next));
  const originals = new Map<PlanRow, PlanRow>();
  next.S.forEach((s, si) =>
    s.G.forEach((g, gi) => g.R.forEach((r, ri) => originals.set(r, plan.S[si]!.G[gi]!.R[ri]!))),
  );

  for (const edit of edits) {
    switch (edit.op) {
      case 'setSeats':
        for (const key of edit.keys) {
          const slot = seatSlots().get(key);
          if (!slot) throw new PlanEditError('seat_not_in_plan', key);
          slot.row.S[slot.index] = setSeat(slot.row.S[slot.index]!, edit);
        }
        break;
      case 'renameSection': {
        const i = next.S.findIndex((s) => s.id === edit.sectionId);
        const section = next.S[i];
        if (!section) throw new PlanEditError('section_not_in_plan', edit.sectionId);
        next.S[i] = renameSection(section, edit);
        break;
      }
      case 'renameRow': {
        const section = next.S.find((s) => s.id === edit.sectionId);
        if (!section) throw new PlanEditError('section_not_in_plan', edit.sectionId);
        const rows = section.G.flatMap((g: PlanGroup) => g.R.filter((r) => r.r === edit.row));
        if (rows.length === 0) throw new PlanEditError('row_not_in_plan', edit.row);
        for (const row of rows) {
          row.r = edit.to;
          row.S = row.S.map((seat) => (seat.r === edit.to ? seat : { ...seat, r: edit.to }));
        }
        break;
      }
    }
  }

  let changed = 0;
  next.S.forEach((section, si) => {
    const before = plan.S[si]!;
    if (section !== before && !sameNames(section, before)) changed++;
    for (const group of section.G) {
      for (const row of group.R) {
        const old = originals.get(row)!;
        row.S.forEach((seat, i) => {
          const was = old.S[i]!;
          if (seat !== was && !sameSeat(seat, was)) changed++;
        });
      }
    }
  });
  return { plan: next, changed };
}

function indexSeats(plan: Seatplan): Map<string, SeatSlot> {
  const slots = new Map<string, SeatSlot>();
  for (const section of plan.S) {
    for (const group of section.G) {
      for (const row of group.R) {
        row.S.forEach((seat, index) => slots.set(seatKey(section.id, seat.x, seat.y), { row, index }));
      }
    }
  }
  return slots;
}

function setSeat(seat: PlanSeat, edit: Extract<PlanEdit, { op: 'setSeats' }>): PlanSeat {
  const out: PlanSeat = { ...seat };
  if (edit.tg !== undefined) out.tg = edit.tg;
  if (edit.ai !== undefined) out.ai = edit.ai;
  for (const f of SEAT_FLAGS) {
    // A flag set to false is left out of the seat, as plans write "no".
    if (edit[f] === true) out[f] = true;
    else if (edit[f] === false) delete out[f];
  }
  if (edit.sofa === null || edit.sofa === '') delete out.sofa;
  else if (edit.sofa !== undefined) out.sofa = edit.sofa;
  return out;
}

function renameSection(section: PlanSection, edit: Extract<PlanEdit, { op: 'renameSection' }>): PlanSection {
  const out: PlanSection = { ...section };
  if (edit.name !== undefined) out.name = edit.name;
  if (edit.names !== undefined) {
    const names = Object.fromEntries(
      Object.entries(edit.names).filter(([, n]) => n !== undefined && n !== ''),
    );
    if (Object.keys(names).length > 0) out.names = names;
    else delete out.names;
  }
  return out;
}

function sameNames(a: PlanSection, b: PlanSection): boolean {
  if (a.name !== b.name) return false;
  const an = a.names ?? {};
  const bn = b.names ?? {};
  const keys = new Set([...Object.keys(an), ...Object.keys(bn)]) as Set<Locale>;
  return [...keys].every((k) => an[k] === bn[k]);
}

/** Whether two seats agree on everything an edit can change (a flag left out reads as false). */
function sameSeat(a: PlanSeat, b: PlanSeat): boolean {
  return (
    a.tg === b.tg &&
    a.ai === b.ai &&
    a.sofa === b.sofa &&
    a.r === b.r &&
    a.n === b.n &&
    SEAT_FLAGS.every((f) => Boolean(a[f]) === Boolean(b[f]))
  );
}

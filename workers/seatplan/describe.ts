import type { SeatKey } from '../../src/domain/seatKey.ts';
import { FLAG, type PlanData, SEAT_STATE, seatKeyOf, seatKind, type SeatKind } from './model.ts';

/** Seats as the shop shows and reads them out: one seat described, and the list view of the map. */

export interface SeatDescription {
  index: number;
  key: SeatKey;
  sectionId: number;
  section: string;
  row: string;
  seat: string;
  ticketGroup: number;
  allocation: number;
  kind: SeatKind;
  premium: boolean;
  handicap: boolean;
  companion: boolean;
  limitedView: boolean;
  sofa: boolean;
}

export interface ListSection {
  sectionIndex: number;
  name: string;
  rows: { row: string; seats: { index: number; seat: string; ticketGroup: number; kind: SeatKind }[] }[];
}

export function describeSeat(d: PlanData, state: Uint8Array, seat: number): SeatDescription | null {
  if (seat < 0 || seat >= d.count) return null;
  const section = d.sections[d.section[seat]!]!;
  const f = d.flags[seat]!;
  return {
    index: seat,
    key: seatKeyOf(d, seat),
    sectionId: section.id,
    section: section.name,
    row: d.rows[d.row[seat]!]!.name,
    seat: d.names[seat]!,
    ticketGroup: d.ticketGroup[seat]!,
    allocation: d.allocation[seat]!,
    kind: seatKind(f, state[seat] as 0 | 1 | 2),
    premium: (f & FLAG.premium) !== 0,
    handicap: (f & FLAG.handicap) !== 0,
    companion: (f & FLAG.companion) !== 0,
    limitedView: (f & FLAG.limitedView) !== 0,
    sofa: (f & FLAG.sofa) !== 0,
  };
}

/** Seats that are not taken, by section and row: the list view of the map. */
export function availableList(d: PlanData, state: Uint8Array): ListSection[] {
  const out: ListSection[] = [];
  d.sections.forEach((s, si) => {
    const rows: ListSection['rows'] = [];
    for (let r = 0; r < d.rows.length; r++) {
      const row = d.rows[r]!;
      if (row.sectionIndex !== si) continue;
      const seats: ListSection['rows'][number]['seats'] = [];
      for (let i = row.start; i < row.end; i++) {
        if (state[i] === SEAT_STATE.taken) continue;
        seats.push({
          index: i,
          seat: d.names[i]!,
          ticketGroup: d.ticketGroup[i]!,
          kind: seatKind(d.flags[i]!, state[i] as 0 | 1 | 2),
        });
      }
      if (seats.length) rows.push({ row: row.name, seats });
    }
    if (rows.length) out.push({ sectionIndex: si, name: s.name, rows });
  });
  return out;
}

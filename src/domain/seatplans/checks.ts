/**
 * The rules a readable plan must keep before it is published, and the warnings worth a look. One pass
 * over the seats with maps and a grid of world positions (sorting only the rows that hold a companion
 * seat): O(n) but for those rows, so a plan of 200,000 seats is checked in a fraction of a second.
 */
import { supportedLocales } from '../../api/contract/constants.ts';
import type { PlanRow, PlanSeat, PlanSection, Seatplan } from '../../api/contract/seatplan.ts';
import { seatKey } from '../seatKey.ts';
import { ALLOCATION_HOUSE } from './allocations.ts';
import { countPlanSeats, groupFrame } from './geometry.ts';
import { otherSeatParams, type PlanProblem, problem, type ProblemSeat } from './problems.ts';

/** Seats of different groups closer than this (plan units) stand on one spot. */
const ONE_SPOT = 1;

interface Placed {
  seat: PlanSeat;
  section: PlanSection;
}

function seatRef({ section, seat }: Placed): ProblemSeat {
  return { key: seatKey(section.id, seat.x, seat.y), section: section.name, row: seat.r, seat: seat.n };
}

/**
 * Runs the rule checks and warnings on a plan (after an import, after edits, before publishing).
 * `priceLevelIds` are the venue's price levels: a seat whose `tg` is none of them is an error. Errors come
 * first, then warnings. Where a problem concerns two seats (`seats_on_one_spot`, `duplicate_seat_name`),
 * `seat` is the later one in plan order and `params` name the earlier one.
 */
export function checkPlan(plan: Seatplan, priceLevelIds: ReadonlySet<number>): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const warnings: PlanProblem[] = [];
  const add = (p: PlanProblem) => (p.severity === 'error' ? problems : warnings).push(p);
  // Seat names per section and row name; sofas by id.
  const names = new Map<string, Map<string, Placed>>();
  const sofas = new Map<string, { first: Placed; count: number; row: string; split: boolean }>();
  const companionRows: { row: PlanRow; section: PlanSection }[] = [];
  const spots = new SpotIndex(countPlanSeats(plan));
  let house = 0;
  let groupNo = 0;

  for (const section of plan.S) {
    checkSectionNames(section, add);
    for (const group of section.G) {
      groupNo++;
      const { cos, sin, tx, ty } = groupFrame(group);
      for (const row of group.R) {
        const first = row.S[0];
        if (first && row.r.trim() === '') {
          add(
            problem('row_name_empty', {
              seat: seatRef({ seat: first, section }),
              params: { sectionId: section.id },
            }),
          );
        }
        let hasCompanion = false;
        let rowName: string | undefined;
        let rowNames: Map<string, Placed> | undefined;
        for (const seat of row.S) {
          if (!priceLevelIds.has(seat.tg)) {
            const params = { priceLevel: String(seat.tg) };
            add(problem('unknown_price_level', { seat: seatRef({ seat, section }), params }));
          }
          if (seat.r !== rowName || !rowNames) {
            rowName = seat.r;
            const id = `${section.id}\u0000${seat.r}`;
            rowNames = names.get(id);
            if (!rowNames) names.set(id, (rowNames = new Map()));
          }
          if (seat.n.trim() === '') add(problem('seat_name_empty', { seat: seatRef({ seat, section }) }));
          else {
            const other = rowNames.get(seat.n);
            if (other) {
              const params = otherSeatParams(seatRef(other));
              add(problem('duplicate_seat_name', { seat: seatRef({ seat, section }), params }));
            } else rowNames.set(seat.n, { seat, section });
          }
          if (seat.sofa !== undefined) {
            const rowId = `${section.id}\u0000${seat.r}`;
            const sofa = sofas.get(seat.sofa);
            if (!sofa) sofas.set(seat.sofa, { first: { seat, section }, count: 1, row: rowId, split: false });
            else {
              sofa.count++;
              if (sofa.row !== rowId) sofa.split = true;
            }
          }
          if (seat.companion) hasCompanion = true;
          if (seat.ai === ALLOCATION_HOUSE) house++;
          const wx = seat.x * cos - seat.y * sin + tx;
          const wy = seat.x * sin + seat.y * cos + ty;
          const near = spots.addAndFindNear(wx, wy, groupNo, { seat, section });
          if (near) {
            const params = otherSeatParams(seatRef(near));
            add(problem('seats_on_one_spot', { seat: seatRef({ seat, section }), params }));
          }
        }
        if (hasCompanion) companionRows.push({ row, section });
      }
    }
  }

  for (const { row, section } of companionRows) checkCompanions(row, section, add);
  for (const [id, sofa] of sofas) {
    if (sofa.count === 1)
      add(problem('sofa_single_seat', { seat: seatRef(sofa.first), params: { sofa: id } }));
    else if (sofa.split) add(problem('sofa_split_rows', { seat: seatRef(sofa.first), params: { sofa: id } }));
  }
  if (house > 0) add(problem('house_seats', { params: { count: house } }));
  return problems.concat(warnings);
}

/** Names per locale are all or nothing: a section named in some locale should be named in all. */
function checkSectionNames(section: PlanSection, add: (p: PlanProblem) => void): void {
  const names = section.names;
  if (!names || !Object.values(names).some((n) => n !== undefined && n.trim() !== '')) return;
  for (const locale of supportedLocales) {
    const name = names[locale];
    if (name === undefined || name.trim() === '') {
      add(
        problem('section_name_missing', { params: { locale, sectionId: section.id, section: section.name } }),
      );
    }
  }
}

/**
 * A companion seat must have a wheelchair seat right before or after it in its row, the row ordered by
 * local x. (A row that runs along y rather than x, as a plan drawn in world coordinates has for a section
 * turned by 90°, is ordered by y.)
 */
function checkCompanions(row: PlanRow, section: PlanSection, add: (p: PlanProblem) => void): void {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const s of row.S) {
    x0 = Math.min(x0, s.x);
    x1 = Math.max(x1, s.x);
    y0 = Math.min(y0, s.y);
    y1 = Math.max(y1, s.y);
  }
  const alongY = y1 - y0 > x1 - x0;
  const seats = [...row.S].sort(alongY ? (a, b) => a.y - b.y || a.x - b.x : (a, b) => a.x - b.x || a.y - b.y);
  seats.forEach((seat, i) => {
    if (!seat.companion) return;
    if (seats[i - 1]?.handicap || seats[i + 1]?.handicap) return;
    add(problem('companion_without_wheelchair', { seat: seatRef({ seat, section }) }));
  });
}

/** Seats closer than ONE_SPOT share a cell of this size, or sit near the border of neighbouring cells. */
const CELL = 8;

/** A small integer per cell (a V8 small integer, which a Map hashes fast). Wraps every 32,768 cells. */
const cellId = (cx: number, cy: number): number => ((cx & 0x7fff) << 15) | (cy & 0x7fff);

/**
 * World positions in a grid of CELL × CELL cells, each cell a chain of seat numbers (`next`): a new seat
 * is compared with the seats of its own cell, and with those of a neighbouring cell only when it lies
 * within ONE_SPOT of the border. Cell ids wrap around (every 262,144 units), so far-apart seats may share
 * a chain: that costs a comparison, never a missed pair.
 */
class SpotIndex {
  readonly #x: Float64Array;
  readonly #y: Float64Array;
  readonly #group: Int32Array;
  readonly #next: Int32Array;
  readonly #seats: Placed[] = [];
  readonly #heads = new Map<number, number>();

  constructor(capacity: number) {
    this.#x = new Float64Array(capacity);
    this.#y = new Float64Array(capacity);
    this.#group = new Int32Array(capacity);
    this.#next = new Int32Array(capacity);
  }

  /** Adds a seat; answers a seat of another group already closer than ONE_SPOT, if any. */
  addAndFindNear(x: number, y: number, group: number, seat: Placed): Placed | undefined {
    const gx = x / CELL;
    const gy = y / CELL;
    const cx = Math.floor(gx);
    const cy = Math.floor(gy);
    const edge = ONE_SPOT / CELL;
    const dx = gx - cx < edge ? -1 : gx - cx > 1 - edge ? 1 : 0;
    const dy = gy - cy < edge ? -1 : gy - cy > 1 - edge ? 1 : 0;
    let found = this.#scan(cellId(cx, cy), x, y, group);
    if (found < 0 && dx !== 0) found = this.#scan(cellId(cx + dx, cy), x, y, group);
    if (found < 0 && dy !== 0) found = this.#scan(cellId(cx, cy + dy), x, y, group);
    if (found < 0 && dx !== 0 && dy !== 0) found = this.#scan(cellId(cx + dx, cy + dy), x, y, group);

    const i = this.#seats.length;
    const id = cellId(cx, cy);
    this.#x[i] = x;
    this.#y[i] = y;
    this.#group[i] = group;
    this.#next[i] = this.#heads.get(id) ?? -1;
    this.#heads.set(id, i);
    this.#seats.push(seat);
    return found < 0 ? undefined : this.#seats[found];
  }

  #scan(cell: number, x: number, y: number, group: number): number {
    for (let j = this.#heads.get(cell) ?? -1; j >= 0; j = this.#next[j]!) {
      if (this.#group[j] === group) continue;
      const dx = this.#x[j]! - x;
      const dy = this.#y[j]! - y;
      if (dx * dx + dy * dy < ONE_SPOT * ONE_SPOT) return j;
    }
    return -1;
  }
}

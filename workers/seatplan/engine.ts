import { buildNeighbours } from './adjacency.ts';
import { type AutoSelectOptions, autoSelectFirst, type AutoSelectResult } from './autoSelect.ts';
import { autoSelectBest, groupsOf } from './bestAvailable.ts';
import { availableList, describeSeat, type ListSection, type SeatDescription } from './describe.ts';
import { buildGrid } from './grid.ts';
import { type PlanData, SEAT_STATE } from './model.ts';
import {
  type PlanOutline,
  type PlanSummary,
  type SectionShare,
  sectionShares,
  sharesFromStatusText,
  summarize,
} from './summary.ts';
import {
  allFree,
  type EngineOptions,
  failed,
  type LoadResult,
  outlineOf,
  type ParseResult,
  readPlan,
  SUMMARY_WAIT_MS,
  type StatusUpdate,
} from './loading.ts';
import { RowIndex } from './rowIndex.ts';
import {
  checkDeselect,
  checkSelect,
  checkSwap,
  type RuleContext,
  type RuleResult,
  SINGLE_SEAT_POLICY,
  sofaMembers,
  validateSelection,
} from './rules.ts';
import { adviseSelection, type SelectionAdvice } from './advice.ts';
import { applySeatChanges, type SeatChanges } from './changes.ts';
import {
  applyFreeSeats,
  applyStatus,
  buildKeyIndex,
  type KeyIndex,
  scanStatusText,
  seatIndexOf,
  type StatusResult,
} from './status.ts';
import {
  fetchStatus,
  issueOf,
  type LoadSource,
  type PlanInput,
  readSource,
  type StatusInput,
  statusMapOf,
  type StatusSource,
} from './sources.ts';
import { buildStyle, DEFAULT_COLORS, levelColors, makeStylePalette } from './style.ts';

/**
 * The seat-plan engine: the worker's whole API (exposed with comlink), also usable on the main thread
 * as the fallback when no worker can run. Pure apart from `fetch` for plan and status URLs (sources.ts).
 */

export type { LoadSource, StatusSource } from './sources.ts';
export type { ListSection, SeatDescription } from './describe.ts';
export type { SeatChanges } from './changes.ts';
export type { SelectionAdvice } from './advice.ts';
export type { PlanSummary } from './summary.ts';

export type { EngineOptions, LoadResult, RenderData, StatusUpdate } from './loading.ts';

/** A seat change the rules allowed, applied to the state: which seats changed to what. */
export type SelectionChange = RuleResult & { changed?: number[] };

/** A swap the rules allow: `seats` to select, and `release`, the selected seats it gives up. */
export type SwapResult =
  (Extract<RuleResult, { ok: true }> & { release: number[] }) | Extract<RuleResult, { ok: false }>;

function applyMap(data: PlanData, index: KeyIndex, value: unknown, previous: Uint8Array | null) {
  const map = statusMapOf(value);
  if (!map) throw new Error('the status map must be an object of section_x_y keys');
  return applyStatus(data, index, map, previous);
}

export class SeatplanEngine {
  private data: PlanData | null = null;
  private keyIndex: KeyIndex | null = null;
  private rowIndex: RowIndex | null = null;
  private neighbours: { left: Int32Array; right: Int32Array } | null = null;
  private state: Uint8Array = new Uint8Array(0);
  private options: EngineOptions = { maxSeats: 10, seatingPolicyId: 1 };
  /** The headers of the last load's fetches (the visitor's uuid), reused by status polls. */
  private headers: Record<string, string> | undefined;

  /**
   * Reads a plan and its status. `onSummary` hears the far level's summary (summary.ts) as soon as the
   * status is applied, before the seats are indexed for rules and hit tests; what it returns (the page:
   * a promise of the summary drawn) is waited for, up to SUMMARY_WAIT_MS.
   */
  async load(
    source: LoadSource,
    options: EngineOptions,
    onSummary?: (summary: PlanSummary) => unknown,
  ): Promise<LoadResult> {
    const t0 = performance.now();
    this.options = options;
    this.headers = source.headers;
    let plan: PlanInput;
    // The status map stays text until the plan is indexed: it is scanned, not parsed (scanStatusText).
    let status: StatusInput;
    try {
      [plan, status] = await readSource(source);
    } catch (err) {
      // Not JSON, or not reachable: a clear answer instead of a rejected call.
      this.data = null;
      return failed([issueOf('', err)], performance.now() - t0);
    }
    const t1 = performance.now();
    const colors = options.colors ?? DEFAULT_COLORS;
    // The far level's first frame needs only the plan's outline and each section's free seats: told as
    // soon as the status text gives them (read without the key index), while the rest is built; a plan in
    // columns gives its outline before its seats are placed.
    let drawn: Promise<unknown> | null = null;
    const tell = (outline: PlanOutline, shares: SectionShare[], levels: Map<number, string>) => {
      drawn = Promise.resolve(onSummary?.(summarize(outline, shares, levels))).catch(() => undefined);
    };
    const statusText = status && 'text' in status ? status.text : null;
    const outline = onSummary && statusText !== null ? outlineOf(plan, options.locale) : null;
    const early = outline && statusText !== null ? sharesFromStatusText(outline.sections, statusText) : null;
    // The price levels' colours from the outline's ticket-group column are the plan's own: kept for it.
    const earlyLevels = outline && early ? levelColors(outline.ticketGroup, colors) : null;
    if (outline && early && earlyLevels) tell(outline, early, earlyLevels);
    // The plan's own read, without the summary told before it.
    const read0 = performance.now();
    let parsed: ParseResult;
    try {
      parsed = readPlan(plan, options.locale);
    } catch (err) {
      this.data = null;
      return failed([issueOf('', err)], performance.now() - t0);
    }
    const t2 = performance.now();
    const empty = { totalMs: t2 - t0 };
    if (!parsed.data) {
      this.data = null;
      return failed(parsed.issues, empty.totalMs);
    }
    const data = parsed.data;
    this.data = data;
    this.state = new Uint8Array(0);
    const levels = earlyLevels ?? levelColors(data.ticketGroup, colors);
    if (onSummary && !drawn && statusText !== null) {
      const shares = sharesFromStatusText(data.sections, statusText);
      if (shares) tell(data, shares, levels);
    }
    this.keyIndex = buildKeyIndex(data);
    let applied: ReturnType<SeatplanEngine['apply']>;
    try {
      applied = this.apply(status);
    } catch (err) {
      this.data = null;
      return failed([issueOf('status', err)], 0);
    }
    if (onSummary) {
      if (!drawn) tell(data, sectionShares(data.sections, data.ticketGroup, this.state), levels);
      // The page answers once the summary is drawn: the other indexes wait for that (a little at most),
      // so on a machine of few cores the first frame does not share them with the rest of the load.
      await Promise.race([drawn, new Promise((resolve) => setTimeout(resolve, SUMMARY_WAIT_MS))]);
    }
    const t3 = performance.now();
    this.rowIndex = new RowIndex(data);
    this.neighbours = buildNeighbours(data);
    const grid = buildGrid(data.x, data.y, data.bounds, data.seatRadius);
    const style = buildStyle(
      data,
      this.state,
      makeStylePalette(colors, levels, options.colorMode ?? 'ticketGroup'),
    );
    const t4 = performance.now();
    return {
      ok: true,
      issues: parsed.issues,
      render: {
        count: data.count,
        x: data.x.slice(),
        y: data.y.slice(),
        px: data.px.slice(),
        py: data.py.slice(),
        flags: data.flags.slice(),
        ticketGroup: data.ticketGroup.slice(),
        section: data.section.slice(),
        row: data.row.slice(),
        rows: data.rows,
        sections: data.sections,
        seatRadius: data.seatRadius,
        bounds: data.bounds,
        stage: data.stage,
        name: data.name,
        style,
        levels: [...levels],
      },
      grid,
      state: this.state.slice(),
      takenRatio: applied.takenRatio,
      available: applied.available,
      unknownKeys: applied.unknownKeys,
      ...(applied.statusVersion ? { statusVersion: applied.statusVersion } : {}),
      timings: {
        fetchMs: t1 - t0,
        parseMs: t2 - read0,
        summaryMs: read0 - t1,
        statusMs: t3 - t2,
        indexMs: t4 - t3,
        totalMs: t4 - t0,
        dataAt: performance.timeOrigin + t1,
      },
    };
  }

  /** Applies a new status map and answers the diff; a URL is fetched with the load's headers by default. */
  async applyStatus(source: StatusSource): Promise<StatusUpdate> {
    const status: StatusInput = source.status
      ? { map: source.status }
      : await fetchStatus(source.url ?? '', source.headers ?? this.headers);
    const t0 = performance.now();
    const r = this.apply(status);
    return { ...r, ms: performance.now() - t0 };
  }

  /**
   * Applies seats that changed since the last status (the status stream's `changes` event) and answers
   * the diff, as `applyStatus` would for the whole new map (changes.ts).
   */
  applyChanges(changes: SeatChanges): StatusUpdate {
    const t0 = performance.now();
    const r = applySeatChanges(this.need(), this.keyIndex!, changes, this.state);
    this.state = r.state;
    return { ...this.report(r), ms: performance.now() - t0 };
  }

  /**
   * A new status map, as text (scanned) or as an object; null (a bare plan in the staff preview)
   * counts every seat as free. Throws when the input is not a status map.
   */
  private apply(status: StatusInput) {
    const data = this.need();
    const previous = this.state.length ? this.state : null;
    let r;
    if (status === null) {
      r = allFree(data);
    } else if ('text' in status) {
      const scanned = scanStatusText(this.keyIndex!, status.text);
      if (scanned) r = applyFreeSeats(data, scanned.free, scanned.unknownKeys, previous);
      else r = applyMap(data, this.keyIndex!, JSON.parse(status.text), previous);
    } else {
      r = applyMap(data, this.keyIndex!, status.map, previous);
    }
    this.state = r.state;
    const version = status && 'version' in status ? status.version : undefined;
    return { ...this.report(r), ...(version ? { statusVersion: version } : {}) };
  }

  /** What the main thread hears of a new state: the changed seats, their new states and the counts. */
  private report(r: StatusResult) {
    const states = new Uint8Array(r.changed.length);
    r.changed.forEach((i, k) => (states[k] = r.state[i]!));
    let available = 0;
    for (let i = 0; i < r.state.length; i++) if (r.state[i] === SEAT_STATE.available) available++;
    return { changed: r.changed, states, takenRatio: r.takenRatio, available, unknownKeys: r.unknownKeys };
  }

  private need(): PlanData {
    if (!this.data) throw new Error('no seat plan loaded');
    return this.data;
  }

  /**
   * The rules' view of the plan. `whole`: the single-seat rule is left to the whole selection (the shop
   * lets a customer build one in any order, shows what it strands, and checks it at Continue: advice.ts).
   */
  private ctx(whole = false): RuleContext {
    const policy = this.options.seatingPolicyId;
    return {
      data: this.need(),
      neighbours: this.neighbours!,
      state: this.state,
      maxSeats: this.options.maxSeats,
      seatingPolicyId: whole && policy === SINGLE_SEAT_POLICY ? 1 : policy,
    };
  }

  checkSelect(seat: number, whole = false): RuleResult {
    return checkSelect(this.ctx(whole), seat);
  }

  checkDeselect(seat: number, whole = false): RuleResult {
    return checkDeselect(this.ctx(whole), seat);
  }

  /** Seats the selection strands and the nearest valid choices (advice.ts). */
  advice(): SelectionAdvice {
    return adviseSelection(this.ctx());
  }

  /** The swap rule (rules.ts `checkSwap`), with the seats the swap releases: `from` and its sofa. */
  checkSwap(from: number, to: number, whole = false): SwapResult {
    const r = checkSwap(this.ctx(whole), from, to);
    if (!r.ok) return r;
    const release = sofaMembers(this.need(), from).filter((i) => this.state[i] === SEAT_STATE.selected);
    return { ...r, release };
  }

  validateSelection(): RuleResult {
    return validateSelection(this.ctx());
  }

  /** Marks seats selected (held by this customer) or releases them back to available. */
  applySelection(seats: number[], selected: boolean): number[] {
    const changed: number[] = [];
    for (const i of seats) {
      if (i < 0 || i >= this.state.length) continue;
      const next = selected ? SEAT_STATE.selected : SEAT_STATE.available;
      if (this.state[i] !== next) {
        this.state[i] = next;
        changed.push(i);
      }
    }
    return changed;
  }

  /** A seat the server refused: it is someone else's now. */
  markTaken(seats: number[]): number[] {
    const changed: number[] = [];
    for (const i of seats) {
      if (this.state[i] !== SEAT_STATE.taken) {
        this.state[i] = SEAT_STATE.taken;
        changed.push(i);
      }
    }
    return changed;
  }

  /** Auto-select; best available also says how many groups of side-by-side seats it proposes. */
  autoSelect(
    count: number,
    mode: 'first' | 'best',
    opts?: AutoSelectOptions,
  ): AutoSelectResult | { ok: true; seats: number[]; groups: number } {
    if (mode === 'first') return autoSelectFirst(this.ctx(), count, opts);
    const r = autoSelectBest(this.ctx(), count, opts);
    return r.ok ? { ...r, groups: groupsOf(this.ctx(), r.seats) } : r;
  }

  selected(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.state.length; i++) if (this.state[i] === SEAT_STATE.selected) out.push(i);
    return out;
  }

  describe(seat: number): SeatDescription | null {
    return this.data ? describeSeat(this.data, this.state, seat) : null;
  }

  indexOfKey(key: string): number {
    return this.keyIndex ? seatIndexOf(this.keyIndex, key) : -1;
  }

  seatsInRect(minX: number, minY: number, maxX: number, maxY: number): number[] {
    return this.rowIndex ? this.rowIndex.searchSeats(minX, minY, maxX, maxY) : [];
  }

  /** Available seats by section and row: the list view of the map. */
  availableList(): ListSection[] {
    return this.data ? availableList(this.data, this.state) : [];
  }
}

import { pct, round2 } from '../common.ts';
import type { VisitorLog } from './crowd.ts';

/**
 * The checks of the waiting-room benchmark, from what the visitors were told:
 * - everyone who arrived got a place (and everyone who came before the opening got a number at it);
 * - admission went in order: no visitor was told "admitted" while one with an earlier place was still
 *   told "waiting" later than `toleranceMs` (the processes read the room once a second);
 * - the early arrivals' draw was fair: their places do not follow their arrival (rank correlation ~0).
 */
export function checkCrowd(visitors: VisitorLog[], opensAtPerf: number, toleranceMs: number) {
  const unplaced = visitors.filter((v) => !v.placed);
  const early = visitors.filter((v) => v.arrivedAt < opensAtPerf);
  const undrawn = early.filter((v) => v.position === null && v.admittedAt === null && v.waiting.length === 0);
  const admissions = visitors
    .filter((v) => v.admittedAt !== null && v.position !== null)
    .map((v) => ({ at: v.admittedAt!, position: v.position! }))
    .sort((a, b) => a.at - b.at);
  // The highest place let in by each admission's time.
  const highest: number[] = [];
  for (const [i, a] of admissions.entries()) highest[i] = Math.max(highest[i - 1] ?? 0, a.position);
  let outOfOrder = 0;
  for (const v of visitors)
    for (const w of v.waiting) {
      // The last admission told before this answer, less the tolerance.
      let lo = 0;
      let hi = admissions.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (admissions[mid]!.at < w.at - toleranceMs) lo = mid + 1;
        else hi = mid;
      }
      if (lo > 0 && highest[lo - 1]! > w.position!) outOfOrder++;
    }
  const drawn = early.filter((v) => v.position !== null);
  return {
    visitors: visitors.length,
    unplaced: unplaced.length,
    unplacedStates: count(unplaced.map((v) => v.joinState)),
    early: early.length,
    undrawn: undrawn.length,
    admittedSeen: admissions.length,
    highestAdmittedSeen: highest.at(-1) ?? 0,
    outOfOrder,
    drawRankCorrelation: round2(
      spearman(
        drawn.map((v) => v.index),
        drawn.map((v) => v.position!),
      ),
    ),
  };
}

function count(xs: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}

function ranks(xs: number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(xs.length);
  order.forEach(([, i], rank) => (r[i] = rank));
  return r;
}

/** Spearman's rank correlation (no ties: indexes and places are distinct). */
export function spearman(a: number[], b: number[]): number {
  const n = a.length;
  if (n < 3) return 0;
  const ra = ranks(a);
  const rb = ranks(b);
  let d2 = 0;
  for (let i = 0; i < n; i++) d2 += (ra[i]! - rb[i]!) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}

export const ms = (xs: number[], p: number) => round2(pct(xs, p));

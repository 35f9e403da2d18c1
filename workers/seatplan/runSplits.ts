import { FLAG, type PlanData } from './model.ts';
import { sofaMembers } from './rules.ts';

/**
 * Selections of several blocks inside one run of free seats (seats i..e, adjacent and free), for when no
 * single block of a size fits: for each m ≤ count, some m seats of the run that keep sofas whole, take
 * only eligible seats, bring no companion seat without an accessible one (unless the customer holds one
 * already) and, under the single-seat rule, leave no lone free seat anywhere in the run (between two
 * blocks as at either end). E.g. "o o [A A] [B B]" for 3: the first seat and sofa B, which no single block
 * gives. A dynamic programme over the run's units (a seat, or a whole sofa): the seats taken so far and
 * the length (0, 1, 2 or more) of the free stretch since the last block. `null` where none exists.
 */
export function runSplits(
  data: PlanData,
  i: number,
  e: number,
  count: number,
  opts: { eligible: (seat: number) => boolean; policy3: boolean; holdsAccessible: boolean },
): (number[] | null)[] {
  const units: { start: number; size: number; takeable: boolean }[] = [];
  for (let s = i; s <= e;) {
    const members = sofaMembers(data, s);
    const whole =
      members[0] === s && members.every((m, k) => m === s + k) && members[members.length - 1]! <= e;
    const size = whole ? members.length : 1;
    let takeable = whole;
    let companion = false;
    let accessible = false;
    for (let k = s; k < s + size; k++) {
      if (!opts.eligible(k)) takeable = false;
      if (data.flags[k]! & FLAG.companion) companion = true;
      if (data.flags[k]! & FLAG.handicap) accessible = true;
    }
    if (companion && !accessible && !opts.holdsAccessible) takeable = false;
    units.push({ start: s, size, takeable });
    s += size;
  }

  const n = units.length;
  const width = count + 1;
  // A state at(k, j, g): after k units, j seats taken, a free stretch of g (2 = two or more) since the
  // last block. from[state]: how it was first reached (0 not yet, 1 by skipping unit k − 1, 2 by taking
  // it, 3 the start); gOf[state]: the stretch before that unit, to walk back to the seats.
  const from = new Uint8Array((n + 1) * width * 3);
  const at = (k: number, j: number, g: number) => (k * width + j) * 3 + g;
  const gOf = new Uint8Array((n + 1) * width * 3);
  from[at(0, 0, 0)] = 3;
  for (let k = 0; k < n; k++) {
    const u = units[k]!;
    for (let j = 0; j <= count; j++)
      for (let g = 0; g < 3; g++) {
        if (!from[at(k, j, g)]) continue;
        const skipped = at(k + 1, j, Math.min(2, g + u.size));
        if (!from[skipped]) {
          from[skipped] = 1;
          gOf[skipped] = g;
        }
        if (u.takeable && j + u.size <= count && !(opts.policy3 && g === 1)) {
          const taken = at(k + 1, j + u.size, 0);
          if (!from[taken]) {
            from[taken] = 2;
            gOf[taken] = g;
          }
        }
      }
  }

  const out: (number[] | null)[] = Array.from({ length: width }, () => null);
  for (let m = 1; m <= count; m++) {
    const g = [0, 2, 1].find((h) => from[at(n, m, h)] && !(opts.policy3 && h === 1));
    if (g === undefined) continue;
    const seats: number[] = [];
    let j = m;
    let h = g;
    for (let k = n; k > 0; k--) {
      const cell = at(k, j, h);
      const u = units[k - 1]!;
      const before = gOf[cell]!;
      if (from[cell] === 2) {
        for (let s = u.start; s < u.start + u.size; s++) seats.push(s);
        j -= u.size;
      }
      h = before;
    }
    out[m] = seats.sort((a, b) => a - b);
  }
  return out;
}

import type { DoorCounts } from '../../api/contract/door.ts';

/** How often the counts are asked again (ms): other doors' scans show within this. */
export const COUNTS_EVERY_MS = 5000;

/** Totals over the door's presentations, and each door's in and out. */
export function sumCounts(counts: DoorCounts) {
  const doors = new Map<string, { in: number; out: number }>();
  let inside = 0;
  let expected = 0;
  let arrived = 0;
  for (const p of counts.presentations) {
    inside += p.inside;
    expected += p.expected;
    arrived += p.arrived;
    for (const d of p.doors) {
      const sum = doors.get(d.door) ?? { in: 0, out: 0 };
      doors.set(d.door, { in: sum.in + d.in, out: sum.out + d.out });
    }
  }
  return { inside, expected, arrived, doors: [...doors].map(([door, n]) => ({ door, ...n })) };
}

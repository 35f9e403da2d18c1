/**
 * Test support (not shipped): random seat plans for the property tests, and small helpers the example
 * tests share.
 *
 * A generated plan has 1–4 sections of one group each, the group rotated by a multiple of 15° (or not at
 * all) and translated so that sections lie 1,000 units apart; rows of 2–10 seats on integer coordinates,
 * seat pitch 10–14 and row pitch 12–20; random premium and limited-view seats, house seats, price levels;
 * a wheelchair seat with its companion at the start of some rows; a sofa of 2–4 adjacent seats in some
 * rows. Names carry commas, quotes, semicolons, Hebrew and Arabic. Every generated plan is well formed:
 * checkPlan finds no error in it.
 */
import fc from 'fast-check';
import { type Locale, supportedLocales } from '../../api/contract/constants.ts';
import type { PlanRow, PlanSeat, PlanSection, Seatplan } from '../../api/contract/seatplan.ts';
import { seatKey } from '../seatKey.ts';
import { enclosingSize } from './geometry.ts';
import type { ImportContext } from './importContext.ts';
import type { PriceLevelRef } from './priceLevels.ts';

/** Price levels whose names need quoting in a CSV file; one has no name at all (exported by id). */
export const TEST_LEVELS: readonly PriceLevelRef[] = [
  { id: 1, names: ['Standard, front', 'רגיל'] },
  { id: 2, names: ['"Premium"; gold', 'مميز'] },
  { id: 3, names: ['Love seat'] },
  { id: 7, names: [] },
];
export const TEST_LEVEL_IDS: ReadonlySet<number> = new Set(TEST_LEVELS.map((l) => l.id));

export const TEST_IDS = { venueId: 5, seatplanId: 9 } as const;

export function testContext(extra: Partial<ImportContext> = {}): ImportContext {
  return { ...TEST_IDS, name: 'Imported', priceLevels: TEST_LEVELS, ...extra };
}

const WORDS = ['Hall', 'a,b', 'say "hi"', 'x;y', 'אולם', 'قاعة', 'Loge', "O'Neil", 'Mezz.', 'Rang 2'];

/** A trimmed, non-empty name with characters that need quoting; `tag` makes it unique. */
const nameArb = (tag: string): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
    .map((parts) => `${parts.join(' ')} ${tag}`.trim());

interface RowSpec {
  seats: number;
  pitch: number;
  x0: number;
  wheelchair: boolean;
  sofa: { start: number; length: number } | null;
  seatLevels: number[];
  premium: boolean[];
  limited: boolean[];
  house: boolean[];
}

const rowSpecArb = (minSeats: number): fc.Arbitrary<RowSpec> =>
  fc.integer({ min: minSeats, max: 10 }).chain((seats) =>
    fc.record({
      seats: fc.constant(seats),
      pitch: fc.integer({ min: 10, max: 14 }),
      x0: fc.integer({ min: -50, max: 50 }),
      wheelchair: fc.boolean(),
      // Sofas start after the wheelchair pair (seats 0 and 1), so the two never meet.
      sofa:
        seats >= 4
          ? fc.option(
              fc.integer({ min: 2, max: Math.min(4, seats - 2) }).chain((length) =>
                fc.record({
                  length: fc.constant(length),
                  start: fc.integer({ min: 2, max: seats - length }),
                }),
              ),
            )
          : fc.constant(null),
      seatLevels: fc.array(fc.constantFrom(...TEST_LEVELS.map((l) => l.id)), {
        minLength: seats,
        maxLength: seats,
      }),
      premium: fc.array(fc.boolean(), { minLength: seats, maxLength: seats }),
      limited: fc.array(fc.boolean(), { minLength: seats, maxLength: seats }),
      house: fc.array(fc.boolean(), { minLength: seats, maxLength: seats }),
    }),
  );

const sectionSpecArb = fc.record({
  rotation: fc.integer({ min: 0, max: 23 }).map((k) => k * 15),
  dy: fc.integer({ min: 0, max: 400 }),
  rowPitch: fc.integer({ min: 12, max: 20 }),
  // The first row holds at least 4 seats, so every plan has a seat a fault can be injected at.
  rows: fc
    .tuple(rowSpecArb(4), fc.array(rowSpecArb(2), { maxLength: 4 }))
    .map(([first, rest]) => [first, ...rest]),
  name: fc.nat(),
  localeNames: fc.option(fc.subarray([...supportedLocales], { minLength: 1 })),
});

/** Random well-formed plans (see the module comment). */
export const planArb: fc.Arbitrary<Seatplan> = fc
  .record({
    planName: nameArb('plan'),
    sections: fc.array(sectionSpecArb, { minLength: 1, maxLength: 4 }),
    names: fc.array(nameArb(''), { minLength: 40, maxLength: 40 }),
    firstId: fc.integer({ min: 1, max: 50 }),
    stage: fc.boolean(),
  })
  .map(({ planName, sections, names, firstId, stage }) => {
    let word = 0;
    const nextName = (tag: string) => `${names[word++ % names.length] ?? ''} ${tag}`.trim();
    const S: PlanSection[] = sections.map((spec, si) => {
      const id = firstId + si;
      const groupId = 100 + si;
      const rows: PlanRow[] = spec.rows.map((r, ri) => {
        const rowName = ri % 2 === 0 ? String(ri + 1) : nextName(`r${ri + 1}`);
        const S: PlanSeat[] = [];
        for (let k = 0; k < r.seats; k++) {
          const seat: PlanSeat = {
            x: r.x0 + k * r.pitch,
            y: ri * spec.rowPitch,
            r: rowName,
            n: k % 3 === 2 ? `${k + 1}${WORDS[k % WORDS.length]}` : String(k + 1),
            si: id,
            gi: groupId,
            vi: TEST_IDS.venueId,
            sp: TEST_IDS.seatplanId,
            tg: r.seatLevels[k] ?? 1,
            ai: r.house[k] ? 2 : 1,
          };
          if (r.premium[k]) seat.premium = true;
          if (r.limited[k]) seat.limitedView = true;
          if (r.wheelchair && k === 0) seat.handicap = true;
          if (r.wheelchair && k === 1) seat.companion = true;
          if (r.sofa && k >= r.sofa.start && k < r.sofa.start + r.sofa.length)
            seat.sofa = `sofa "${si}";${ri},s`;
          S.push(seat);
        }
        return { r: rowName, S };
      });
      const section: PlanSection = {
        id,
        name: nextName(`§${si}`),
        G: [{ id: groupId, tx: 400 + 1000 * si, ty: 300 + spec.dy, R: rows }],
      };
      if (spec.rotation !== 0) section.G[0]!.rotation = spec.rotation;
      if (spec.localeNames) {
        const localNames: Partial<Record<Locale, string>> = {};
        for (const locale of spec.localeNames) localNames[locale] = nextName(`${locale}§${si}`);
        section.names = localNames;
      }
      return section;
    });
    const plan: Seatplan = { ...TEST_IDS, name: planName, width: 0, height: 0, S };
    if (stage) plan.stage = { kind: 'stage', x: 40, y: 10, width: 200, height: 40 };
    return { ...plan, ...enclosingSize(plan) };
  });

/** Every seat of a plan by key, with its section. */
export function seatsByKey(plan: Seatplan): Map<string, { seat: PlanSeat; section: PlanSection }> {
  const out = new Map<string, { seat: PlanSeat; section: PlanSection }>();
  for (const section of plan.S) {
    for (const group of section.G) {
      for (const row of group.R)
        for (const seat of row.S) out.set(seatKey(section.id, seat.x, seat.y), { seat, section });
    }
  }
  return out;
}

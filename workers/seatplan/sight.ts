import type { PlanData } from './model.ts';

/**
 * Where a seat sees the stage best: best available ranks blocks by `viewDistance` from the hall's sweet
 * spot on the stage's line of sight: not the front row (too close to see the whole stage or screen) but
 * some way back, in the middle.
 */

/** The point seats are scored against: the stage's centre, or the top centre of the plan without one. */
export function stageCentre(data: PlanData): { x: number; y: number } {
  const { stage, bounds } = data;
  if (stage) return { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
  return { x: (bounds.minX + bounds.maxX) / 2, y: bounds.minY };
}

/** How much a step sideways of the stage's line of sight counts against a seat, against a step back. */
export const LATERAL_WEIGHT = 2;

/**
 * The stage's line of sight: its centre and the unit direction it faces (square to its long side, towards
 * the seats; down the plan without a stage), and how much a step across it counts; 1 where the seats
 * surround the stage or it has no long side (an arena: no side is worse than another).
 */
export interface Sight {
  /** The sweet spot: the point on the line of sight the best seats are nearest. */
  x: number;
  y: number;
  ux: number;
  uy: number;
  lateral: number;
}

const sights = new WeakMap<PlanData, Sight>();

export function sightOf(data: PlanData): Sight {
  let sight = sights.get(data);
  if (!sight) {
    const c = stageCentre(data);
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < data.count; i++) {
      sx += data.x[i]!;
      sy += data.y[i]!;
    }
    const dx = data.count ? sx / data.count - c.x : 0;
    const dy = data.count ? sy / data.count - c.y : 1;
    const { bounds: b, stage } = data;
    const diagonal = Math.sqrt((b.maxX - b.minX) ** 2 + (b.maxY - b.minY) ** 2) || 1;
    const surrounded = Math.sqrt(dx * dx + dy * dy) < diagonal * 0.1;
    const isotropic = { x: c.x, y: c.y, ux: 0, uy: 1, lateral: 1 };
    if (!stage) sight = { x: c.x, y: c.y, ux: 0, uy: 1, lateral: LATERAL_WEIGHT };
    else if (surrounded) sight = isotropic;
    else if (stage.width >= stage.height * 1.5)
      sight = sweetSpot(data, { x: c.x, y: c.y, ux: 0, uy: dy >= 0 ? 1 : -1, lateral: LATERAL_WEIGHT });
    else if (stage.height >= stage.width * 1.5)
      sight = sweetSpot(data, { x: c.x, y: c.y, ux: dx >= 0 ? 1 : -1, uy: 0, lateral: LATERAL_WEIGHT });
    else sight = isotropic;
    sights.set(data, sight);
  }
  return sight;
}

/**
 * How far back the best seats sit, as a share of the depth of the seats in front of the stage: a cinema
 * screen is best watched from about two thirds back, a stage from about a third back (the front rows look
 * up at it and see only its edge). Behind a field the nearest seats are the best.
 */
export const SWEET_SPOT = { screen: 0.6, stage: 0.25, field: 0 } as const;

/** Moves the sight's point from the stage's centre back along its line of sight, to the sweet spot. */
function sweetSpot(data: PlanData, s: Sight): Sight {
  const share = data.stage ? SWEET_SPOT[data.stage.kind] : 0;
  let front = Infinity;
  let back = -Infinity;
  for (let i = 0; i < data.count; i++) {
    const along = (data.x[i]! - s.x) * s.ux + (data.y[i]! - s.y) * s.uy;
    if (along <= 0) continue; // behind the stage (a choir): not part of the hall's depth
    if (along < front) front = along;
    if (along > back) back = along;
  }
  if (!(back > front) || share === 0) return s;
  const along = front + share * (back - front);
  return { ...s, x: s.x + s.ux * along, y: s.y + s.uy * along };
}

/**
 * How far a point is from the best view: its distance from the sweet spot, with the part across the
 * line of sight counted LATERAL_WEIGHT times, so the middle of the hall a few rows back beats the front
 * row of a side block.
 */
export function viewDistance(sight: Sight, x: number, y: number): number {
  const dx = x - sight.x;
  const dy = y - sight.y;
  const along = dx * sight.ux + dy * sight.uy;
  const across = (dx * sight.uy - dy * sight.ux) * sight.lateral;
  return Math.sqrt(along * along + across * across);
}

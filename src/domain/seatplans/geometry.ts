/**
 * Plan geometry: group frames, world positions, the plan's extent, and a walk over every seat. A group's
 * seats sit at integer coordinates in its own frame; the group is rotated (degrees clockwise, y pointing
 * down) about its origin and then translated: world = (x cos θ − y sin θ + tx, x sin θ + y cos θ + ty).
 */
import type { PlanGroup, PlanRow, PlanSeat, PlanSection, Seatplan } from '../../api/contract/seatplan.ts';

/** Space kept around the seats and the stage when a plan's size is worked out. */
export const PLAN_MARGIN = 20;

export interface Frame {
  cos: number;
  sin: number;
  tx: number;
  ty: number;
}

export const IDENTITY: Frame = { cos: 1, sin: 0, tx: 0, ty: 0 };

export function groupFrame(group: Pick<PlanGroup, 'rotation' | 'tx' | 'ty'>): Frame {
  const a = ((group.rotation ?? 0) * Math.PI) / 180;
  return { cos: Math.cos(a), sin: Math.sin(a), tx: group.tx ?? 0, ty: group.ty ?? 0 };
}

export function toWorld(f: Frame, x: number, y: number): [number, number] {
  return [x * f.cos - y * f.sin + f.tx, x * f.sin + y * f.cos + f.ty];
}

/** The local point of a world point (the inverse of {@link toWorld}). */
export function toLocal(f: Frame, wx: number, wy: number): [number, number] {
  const dx = wx - f.tx;
  const dy = wy - f.ty;
  return [dx * f.cos + dy * f.sin, -dx * f.sin + dy * f.cos];
}

/** `Math.round` without -0, so a seat has one key and plans compare equal. */
export function roundInt(v: number): number {
  return Math.round(v) || 0;
}

/** Rounded to two decimals (what the exports write), without -0. */
export function round2(v: number): number {
  return Math.round(v * 100) / 100 || 0;
}

export interface SeatVisit {
  seat: PlanSeat;
  row: PlanRow;
  group: PlanGroup;
  section: PlanSection;
  frame: Frame;
}

/** Calls `visit` for every seat of the plan, in plan order. */
export function forEachSeat(plan: Seatplan, visit: (v: SeatVisit) => void): void {
  for (const section of plan.S) {
    for (const group of section.G) {
      const frame = groupFrame(group);
      for (const row of group.R) {
        for (const seat of row.S) visit({ seat, row, group, section, frame });
      }
    }
  }
}

export function countPlanSeats(plan: Seatplan): number {
  let n = 0;
  for (const section of plan.S) for (const group of section.G) for (const row of group.R) n += row.S.length;
  return n;
}

/**
 * Width and height that enclose every seat (world coordinates) and the stage with PLAN_MARGIN to spare,
 * never below what the plan already says.
 */
export function enclosingSize(plan: Seatplan): { width: number; height: number } {
  let maxX = -Infinity;
  let maxY = -Infinity;
  forEachSeat(plan, ({ seat, frame }) => {
    const [wx, wy] = toWorld(frame, seat.x, seat.y);
    if (wx > maxX) maxX = wx;
    if (wy > maxY) maxY = wy;
  });
  if (plan.stage) {
    maxX = Math.max(maxX, plan.stage.x + plan.stage.width);
    maxY = Math.max(maxY, plan.stage.y + plan.stage.height);
  }
  const need = (max: number) => (max === -Infinity ? 0 : Math.ceil(max + PLAN_MARGIN - 1e-9));
  return { width: Math.max(plan.width, need(maxX)), height: Math.max(plan.height, need(maxY)) };
}

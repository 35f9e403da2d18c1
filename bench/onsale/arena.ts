import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import type { PlanSeat, Seatplan } from '../../src/api/contract/seatplan.ts';
import { seatKey } from '../../src/domain/seatKey.ts';
import { benchCommitBody } from '../common.ts';

/**
 * The arena as the on-sale buyers see it: its presentation, its plan read once, and every run of 2 to 4
 * adjacent plain seats in a row, nearest the centre of the plan first (the seats everybody wants).
 */
export interface Seat {
  key: string;
  sectionId: number;
  x: number;
  y: number;
  ticketGroupId: number;
}

export interface Arena {
  presentation: PresentationSummary;
  base: string;
  /** seats-statusV2 of the arena. */
  statusUrl: string;
  streamUrl: string;
  /** Every seat of the plan by key, and a dense index for per-viewer typed arrays. */
  seats: Map<string, Seat>;
  indexOf: Map<string, number>;
  keys: string[];
  /** windows[n]: runs of n adjacent plain seats, best (nearest the centre) first. */
  windows: Record<number, Seat[][]>;
  ticketOf(ticketGroupId: number): number;
}

export const MIN_SEATS = 2;
export const MAX_SEATS = 4;
/** A buyer picks at random among this many of the best free runs: close enough to collide, as fans do. */
export const CANDIDATES = 300;

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The `which`-th sport presentation (0: the on-sale's arena; 1: a second one for the saturation phase). */
export async function loadArena(base: string, which = 0): Promise<Arena> {
  const { presentations } = await getJson<{ presentations: PresentationSummary[] }>(
    `${base}/api/seats/presentations`,
  );
  const arenas = presentations.filter((p) => p.category === 'sport' && p.isReserved);
  const presentation = arenas[which] ?? arenas[0];
  if (!presentation) throw new Error('the demo catalogue has no arena presentation');
  const plan = await getJson<Seatplan>(
    `${base}/api/seats/seatplanV2?venueId=${presentation.venueId}&seatplanId=${presentation.seatplanId}`,
  );
  const { ticketGroups } = await getJson<{ ticketGroups: TicketGroup[] }>(
    `${base}/api/presentations/${presentation.id}/ticketGroups`,
  );
  // As bench/checkout.ts: the group's first ticket, skipping any that a lone buyer could not choose.
  const plainTicket = (g: TicketGroup) =>
    g.tickets.find((t) => !t.isMultiplyFactorSubTicket && t.requiredTicketId === null && !t.minQuantity) ??
    g.tickets[0];
  const ticketIds = new Map(ticketGroups.map((g) => [g.id, plainTicket(g)?.id]));

  const seats = new Map<string, Seat>();
  const rows: { seat: Seat; plain: boolean; wx: number; wy: number }[][] = [];
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const section of plan.S)
    for (const group of section.G) {
      // Plan coordinates as the seat map draws them: rotated about the group's origin, then moved.
      const rot = ((group.rotation ?? 0) * Math.PI) / 180;
      const [cos, sin, tx, ty] = [Math.cos(rot), Math.sin(rot), group.tx ?? 0, group.ty ?? 0];
      for (const row of group.R) {
        const out = row.S.map((s: PlanSeat) => {
          const seat = {
            key: seatKey(section.id, s.x, s.y),
            sectionId: section.id,
            x: s.x,
            y: s.y,
            ticketGroupId: s.tg,
          };
          seats.set(seat.key, seat);
          const wx = s.x * cos - s.y * sin + tx;
          const wy = s.x * sin + s.y * cos + ty;
          minX = Math.min(minX, wx);
          maxX = Math.max(maxX, wx);
          minY = Math.min(minY, wy);
          maxY = Math.max(maxY, wy);
          const plain = !s.sofa && !s.handicap && !s.companion && !s.premium && !s.limitedView;
          return { seat, plain: plain && ticketIds.get(s.tg) !== undefined, wx, wy };
        });
        rows.push(out);
      }
    }
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const windows: Record<number, Seat[][]> = {};
  for (let n = MIN_SEATS; n <= MAX_SEATS; n++) {
    const scored: { run: Seat[]; d: number }[] = [];
    for (const row of rows)
      for (let i = 0; i + n <= row.length; i++) {
        const run = row.slice(i, i + n);
        if (!run.every((s) => s.plain)) continue;
        const mx = run.reduce((a, s) => a + s.wx, 0) / n;
        const my = run.reduce((a, s) => a + s.wy, 0) / n;
        scored.push({ run: run.map((s) => s.seat), d: (mx - cx) ** 2 + (my - cy) ** 2 });
      }
    windows[n] = scored.sort((a, b) => a.d - b.d).map((s) => s.run);
  }
  const keys = [...seats.keys()];
  const p = presentation;
  return {
    presentation: p,
    base,
    statusUrl: `${base}/api/seats/seats-statusV2?presentationId=${p.id}&venueTypeId=${p.venueTypeId}&isReserved=1`,
    streamUrl: `${base}/api/seats/status-stream?presentationId=${p.id}`,
    seats,
    indexOf: new Map(keys.map((k, i) => [k, i])),
    keys,
    windows,
    ticketOf(tg) {
      const id = ticketIds.get(tg);
      if (id === undefined) throw new Error(`no ticket for ticket group ${tg}`);
      return id;
    },
  };
}

/**
 * `n` adjacent free seats among the best: the first CANDIDATES free runs nearest the centre (none of
 * the `avoid` seats), one of them at random; null when the arena has no such run left.
 */
export function chooseSeats(
  arena: Arena,
  free: Record<string, string>,
  n: number,
  avoid: ReadonlySet<string>,
  random: () => number = Math.random,
): Seat[] | null {
  const candidates: Seat[][] = [];
  for (const run of arena.windows[n] ?? []) {
    if (run.every((s) => free[s.key] !== undefined && !avoid.has(s.key))) candidates.push(run);
    if (candidates.length >= CANDIDATES) break;
  }
  if (candidates.length === 0) return n > MIN_SEATS ? chooseSeats(arena, free, n - 1, avoid, random) : null;
  return candidates[Math.floor(random() * candidates.length)]!;
}

export function lockBody(arena: Arena, s: Seat) {
  const p = arena.presentation;
  return {
    seat: {
      PresentationId: p.id,
      VenueId: p.venueId,
      VenueSeatplanId: p.seatplanId,
      VenueSectionId: s.sectionId,
      TicketGroupId: s.ticketGroupId,
      XCoordinate: s.x,
      YCoordinate: s.y,
    },
  };
}

/** The commit of bench/checkout.ts: a customer and the sandbox's approving test card. */
export function commitBody(arena: Arena, seats: Seat[]) {
  return benchCommitBody(arena.presentation.id, seats, (s) => arena.ticketOf(s.ticketGroupId));
}

import type { FastifyInstance } from 'fastify';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import { parseSeatKey, type SeatKey, seatKey } from '../../src/domain/seatKey.ts';
import { fixedVisitor } from './harness.ts';

export async function listPresentations(app: FastifyInstance, date?: string): Promise<PresentationSummary[]> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/seats/presentations',
    query: date ? { date } : {},
  });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.body}`);
  return (res.json() as { presentations: PresentationSummary[] }).presentations;
}

export async function findPresentation(
  app: FastifyInstance,
  pred: (p: PresentationSummary) => boolean,
): Promise<PresentationSummary> {
  const p = (await listPresentations(app)).find(pred);
  if (!p) throw new Error('no presentation matches');
  return p;
}

export interface FreeSeat {
  sectionId: number;
  x: number;
  y: number;
  ticketGroupId: number;
  key: SeatKey;
}

/** The status map of a presentation (free seats, and the seats `uuid` holds) as the shop asks for it. */
export async function statusMap(
  app: FastifyInstance,
  p: PresentationSummary,
  uuid?: string,
): Promise<{ seats: Record<string, string>; held: string[] }> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/seats/seats-statusV2',
    query: {
      presentationId: String(p.id),
      venueTypeId: String(p.venueTypeId),
      isReserved: p.isReserved ? '1' : '0',
    },
    headers: uuid ? { uuid } : {},
  });
  if (res.statusCode !== 200) throw new Error(`status failed: ${res.body}`);
  return res.json() as { seats: Record<string, string>; held: string[] };
}

export async function freeSeats(
  app: FastifyInstance,
  p: PresentationSummary,
  uuid?: string,
): Promise<FreeSeat[]> {
  const { seats } = await statusMap(app, p, uuid);
  return Object.entries(seats).map(([key, value]) => {
    const seat = parseSeatKey(key);
    if (!seat) throw new Error(`the status map has a key that names no seat: ${key}`);
    return {
      key: seatKey(seat.sectionId, seat.x, seat.y),
      ...seat,
      ticketGroupId: Number(value.split(',')[0]),
    };
  });
}

export function lockBody(
  p: PresentationSummary,
  seat: { sectionId: number; x?: number; y?: number; ticketGroupId: number },
) {
  return {
    seat: {
      PresentationId: p.id,
      VenueId: p.venueId,
      VenueSeatplanId: p.seatplanId,
      VenueSectionId: seat.sectionId,
      TicketGroupId: seat.ticketGroupId,
      ...(seat.x !== undefined ? { XCoordinate: seat.x, YCoordinate: seat.y } : {}),
    },
  };
}

/** A lock or unlock call from a client address of its own (the test apps trust no proxy). */
export function lockFrom(
  app: FastifyInstance,
  uuid: string,
  body: unknown,
  address = '203.0.113.7',
  op: 'lock' | 'unlock' = 'lock',
) {
  return app.inject({
    method: 'PUT',
    url: `/api/seats/${op}-seat`,
    headers: { uuid },
    remoteAddress: address,
    payload: body as object,
  });
}

export function lock(app: FastifyInstance, uuid: string, body: unknown) {
  return app.inject({
    method: 'PUT',
    url: '/api/seats/lock-seat',
    headers: { uuid },
    payload: body as object,
  });
}

export function unlock(app: FastifyInstance, uuid: string, body: unknown) {
  return app.inject({
    method: 'PUT',
    url: '/api/seats/unlock-seat',
    headers: { uuid },
    payload: body as object,
  });
}

export interface PlanSeatInfo extends FreeSeat {
  row: string;
  seat: string;
  /** Index of the seat within its row, in plan order. */
  index: number;
  sofa: string | undefined;
  handicap: boolean;
  companion: boolean;
  premium: boolean;
  limitedView: boolean;
  free: boolean;
}

/** Every seat of the presentation's plan, row by row in plan order, with its flags and whether it is free. */
export async function planSeatsOf(app: FastifyInstance, p: PresentationSummary): Promise<PlanSeatInfo[][]> {
  const plan = (
    await app.inject({
      method: 'GET',
      url: `/api/seats/seatplanV2?venueId=${p.venueId}&seatplanId=${p.seatplanId}`,
    })
  ).json() as Seatplan;
  const free = new Set((await freeSeats(app, p)).map((s) => s.key));
  const rows: PlanSeatInfo[][] = [];
  for (const section of plan.S)
    for (const group of section.G)
      for (const r of group.R)
        rows.push(
          r.S.map((s, index) => {
            const key = seatKey(section.id, s.x, s.y);
            return {
              key,
              sectionId: section.id,
              x: s.x,
              y: s.y,
              ticketGroupId: s.tg,
              row: r.r,
              seat: s.n,
              index,
              sofa: s.sofa,
              handicap: Boolean(s.handicap),
              companion: Boolean(s.companion),
              premium: Boolean(s.premium),
              limitedView: Boolean(s.limitedView),
              free: free.has(key),
            };
          }),
        );
  return rows;
}

/** Sofas whose seats are all free. */
export function freeSofas(rows: PlanSeatInfo[][]): PlanSeatInfo[][] {
  const sofas = new Map<string, PlanSeatInfo[]>();
  for (const row of rows)
    for (const s of row) if (s.sofa) sofas.set(s.sofa, [...(sofas.get(s.sofa) ?? []), s]);
  return [...sofas.values()].filter((members) => members.every((m) => m.free));
}

/** Free seats with no flag (no sofa, wheelchair, companion, premium or limited view), in plan order. */
export async function plainFreeSeats(app: FastifyInstance, p: PresentationSummary): Promise<PlanSeatInfo[]> {
  return (await planSeatsOf(app, p))
    .flat()
    .filter((s) => s.free && !s.sofa && !s.handicap && !s.companion && !s.premium && !s.limitedView);
}

/** Three fixed visitors for the model-based tests of seat locks. */
export const MODEL_VISITORS = [1, 2, 3].map(fixedVisitor);
/** How long a lock of a demo movie lives: the sum of its lock timer's steps. */
export const MOVIE_LOCK_TTL_MS = (480 + 240 + 480 + 240) * 1000;

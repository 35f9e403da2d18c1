import type { FastifyInstance } from 'fastify';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';

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
  key: string;
}

export async function freeSeats(
  app: FastifyInstance,
  p: PresentationSummary,
  uuid?: string,
): Promise<FreeSeat[]> {
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
  const seats = (res.json() as { seats: Record<string, string> }).seats;
  return Object.entries(seats).map(([key, value]) => {
    const [s, x, y] = key.split('_').map(Number);
    return {
      key,
      sectionId: s as number,
      x: x as number,
      y: y as number,
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

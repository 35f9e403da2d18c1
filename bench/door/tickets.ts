import { type Kysely, sql } from 'kysely';
import type { Database } from '../../server/db/types.ts';
import type { PresentationSummary, TicketGroup } from '../../src/api/contract/presentations.ts';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import { seatKey } from '../../src/domain/seatKey.ts';
import { benchCommitBody } from '../common.ts';
import { visitor } from '../visitors.ts';

interface Seat {
  sectionId: number;
  x: number;
  y: number;
  ticketGroupId: number;
}

/**
 * Paid orders of `seatsPerOrder` plain seats of one presentation, bought as customers buy them (lock each
 * seat, then commit with the sandbox's approving card), `concurrency` buyers at a time: the tickets the
 * door benchmark scans. Answers the orders' reservation numbers; throws on any refusal.
 */
export async function buyTickets(
  base: string,
  show: PresentationSummary,
  orders: number,
  opts: { seatsPerOrder?: number; concurrency?: number } = {},
): Promise<string[]> {
  const perOrder = opts.seatsPerOrder ?? 4;
  const get = async <T>(path: string) => (await (await fetch(`${base}${path}`)).json()) as T;
  const { seats: free } = await get<{ seats: Record<string, string> }>(
    `/api/seats/seats-statusV2?presentationId=${show.id}&venueTypeId=${show.venueTypeId}&isReserved=1`,
  );
  const plan = await get<Seatplan>(
    `/api/seats/seatplanV2?venueId=${show.venueId}&seatplanId=${show.seatplanId}`,
  );
  const { ticketGroups } = await get<{ ticketGroups: TicketGroup[] }>(
    `/api/presentations/${show.id}/ticketGroups`,
  );
  const seats: Seat[] = [];
  for (const section of plan.S)
    for (const group of section.G)
      for (const row of group.R)
        for (const s of row.S)
          if (
            !s.sofa &&
            !s.handicap &&
            !s.companion &&
            !s.premium &&
            !s.limitedView &&
            free[seatKey(section.id, s.x, s.y)]
          )
            seats.push({ sectionId: section.id, x: s.x, y: s.y, ticketGroupId: s.tg });
  if (seats.length < orders * perOrder)
    throw new Error(`only ${seats.length} free plain seats for ${orders * perOrder} tickets`);
  const ticketOf = (s: Seat) => {
    const id = ticketGroups.find((g) => g.id === s.ticketGroupId)?.tickets[0]?.id;
    if (id === undefined) throw new Error(`no ticket for ticket group ${s.ticketGroupId}`);
    return id;
  };
  const send = async (path: string, method: string, uuid: string, body: unknown, key?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', uuid, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as { reservationIdentifier?: string };
  };

  const reservations: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: opts.concurrency ?? 8 }, async () => {
      for (let n = next++; n < orders; n = next++) {
        const mine = seats.slice(n * perOrder, (n + 1) * perOrder);
        const uuid = visitor();
        for (const s of mine)
          await send('/api/seats/lock-seat', 'PUT', uuid, {
            seat: {
              PresentationId: show.id,
              VenueId: show.venueId,
              VenueSeatplanId: show.seatplanId,
              VenueSectionId: s.sectionId,
              TicketGroupId: s.ticketGroupId,
              XCoordinate: s.x,
              YCoordinate: s.y,
            },
          });
        const answer = await send(
          '/api/payment/commit',
          'POST',
          uuid,
          benchCommitBody(show.id, mine, ticketOf),
          crypto.randomUUID(),
        );
        if (!answer.reservationIdentifier) throw new Error('a commit answered no reservation');
        reservations.push(answer.reservationIdentifier);
      }
    }),
  );
  return reservations;
}

/** Scans the box office recorded, by verdict: compared before and after a run, what the run did. */
export async function scanVerdicts(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('door_scans')
    .select(['verdict', sql<number | string>`count(*)`.as('n')])
    .groupBy('verdict')
    .execute();
  return new Map(rows.map((r) => [r.verdict, Number(r.n)]));
}

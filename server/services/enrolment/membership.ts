import type { Kysely, Transaction } from 'kysely';
import { type LocalizedText, parseDecimalId } from '../../../src/api/contract/common.ts';
import type { EnrolmentMembership, SeatNames } from '../../../src/api/contract/enrolment.ts';
import { seatKey } from '../../../src/domain/seatKey.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { seatNames } from '../catalogue/seatplans.ts';

type Db = Kysely<Database> | Transaction<Database>;

const text = (json: string) => JSON.parse(json) as LocalizedText;

const notEnrolment = (what: string) =>
  new AppError('GENERAL_ERROR', `${what} is not an enrolment membership for sale`);

/** The enrolment states that keep a customer from enrolling again in the season. */
export const LIVE_ENROLMENT = ['pending', 'valid'] as const;

/**
 * An enrolment membership for sale, by id or by its code (spec section 3): its tariffs, presentations,
 * per-presentation prices, and for a logged-in customer the seat of the previous season (offered first)
 * and whether they are already enrolled in this one. GENERAL_ERROR for a membership that is not an
 * enrolment membership or is not for sale.
 */
export async function loadEnrolmentMembership(
  db: Db,
  idOrCode: string | number,
  customerId: string | null,
): Promise<EnrolmentMembership> {
  // A path's id is read as the API reads ids (plain decimal); anything else is a code.
  const byId = typeof idOrCode === 'number' ? idOrCode : parseDecimalId(idOrCode);
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('enrolment_memberships as e', 'e.membership_id', 'm.id')
    .innerJoin('seasons as s', 's.id', 'e.season_id')
    .select([
      'm.id',
      'm.name_json',
      'm.code',
      'm.is_for_sale',
      'e.season_id',
      'e.is_skip_member_seat',
      'e.is_pricing_per_ticket',
      'e.default_ticket_group_id',
      'e.price',
      'e.optional_choices',
      's.name_json as season_name_json',
      's.previous_season_id',
    ])
    .where(byId !== null ? 'm.id' : 'm.code', '=', byId ?? String(idOrCode))
    .executeTakeFirst();
  if (!row || row.is_for_sale !== 1 || row.code === null) throw notEnrolment(`membership ${idOrCode}`);
  const id = row.id;
  const [presentations, tickets, details] = await Promise.all([
    db
      .selectFrom('enrolment_presentations as ep')
      .innerJoin('presentations as p', 'p.id', 'ep.presentation_id')
      .innerJoin('features as f', 'f.id', 'p.feature_id')
      .innerJoin('venues as v', 'v.id', 'p.venue_id')
      .select([
        'ep.presentation_id',
        'ep.is_required',
        'ep.membership_payable_amount',
        'p.starts_at',
        'p.venue_id',
        'p.seatplan_id',
        'f.title_json',
        'v.name_json as venue_json',
      ])
      .where('ep.membership_id', '=', id)
      .orderBy('ep.sort')
      .orderBy('ep.presentation_id')
      .execute(),
    db
      .selectFrom('enrolment_tickets as et')
      .innerJoin('tickets as t', 't.id', 'et.ticket_id')
      .innerJoin('ticket_groups as g', 'g.id', 'et.ticket_group_id')
      .select(['et.ticket_group_id', 'et.ticket_id', 'et.price', 't.name_json', 'g.name_json as group_json'])
      .where('et.membership_id', '=', id)
      .orderBy('et.ticket_group_id')
      .orderBy('t.sort')
      .orderBy('et.ticket_id')
      .execute(),
    db.selectFrom('enrolment_presentation_details').selectAll().where('membership_id', '=', id).execute(),
  ]);
  const first = presentations[0];
  if (!first) throw notEnrolment(`membership ${idOrCode}`);
  const groups = new Map<number, EnrolmentMembership['TicketGroups'][number]>();
  for (const t of tickets) {
    let g = groups.get(t.ticket_group_id);
    if (!g) {
      g = { TicketGroupId: t.ticket_group_id, name: text(t.group_json), Tickets: [] };
      groups.set(t.ticket_group_id, g);
    }
    g.Tickets.push({ TicketId: t.ticket_id, Price: t.price, name: text(t.name_json) });
  }
  let previousSeat: EnrolmentMembership['previousSeat'] = null;
  let alreadyEnrolled = false;
  if (customerId) {
    alreadyEnrolled = await isEnrolled(db, customerId, row.season_id);
    if (row.previous_season_id !== null) {
      const prev = await db
        .selectFrom('enrolments')
        .select(['section_id', 'x', 'y', 'ticket_group_id'])
        .where('customer_id', '=', customerId)
        .where('season_id', '=', row.previous_season_id)
        .where('state', '=', 'valid')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (prev) {
        // The plan says the seat's price level this season.
        const seat = await db
          .selectFrom('plan_seats')
          .select('ticket_group_id')
          .where('seatplan_id', '=', first.seatplan_id)
          .where('section_id', '=', prev.section_id)
          .where('x', '=', prev.x)
          .where('y', '=', prev.y)
          .executeTakeFirst();
        if (seat)
          previousSeat = {
            sectionId: prev.section_id,
            x: prev.x,
            y: prev.y,
            ticketGroupId: seat.ticket_group_id,
            names: nameOf(await seatNames(db, first.seatplan_id), prev.section_id, prev.x, prev.y),
          };
      }
    }
  }
  return {
    MembershipId: id,
    SeasonId: row.season_id,
    seasonName: text(row.season_name_json),
    name: text(row.name_json),
    code: row.code,
    IsSkipMemberSeat: row.is_skip_member_seat === 1,
    IsPricingPerTicket: row.is_pricing_per_ticket === 1,
    DefaultTicketGroupId: row.default_ticket_group_id,
    Price: row.price,
    optionalChoices: row.optional_choices,
    venueId: first.venue_id,
    seatplanId: first.seatplan_id,
    TicketGroups: [...groups.values()],
    Presentations: presentations.map((p) => ({
      PresentationId: p.presentation_id,
      IsRequired: p.is_required === 1,
      MembershipPayableAmount: p.membership_payable_amount,
      title: text(p.title_json),
      startsAt: new Date(p.starts_at).toISOString(),
      venue: text(p.venue_json),
    })),
    PresentationDetail: details.map((d) => ({
      PresentationId: d.presentation_id,
      TicketGroupId: d.ticket_group_id,
      TicketId: d.ticket_id,
      IsPriceOverride: d.is_price_override === 1,
      Price: d.price,
      MembershipPayableAmount: d.membership_payable_amount,
    })),
    previousSeat,
    alreadyEnrolled,
  };
}

/** Whether the customer has a pending or valid enrolment in the season. */
export async function isEnrolled(db: Db, customerId: string, seasonId: number): Promise<boolean> {
  const row = await db
    .selectFrom('enrolments')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('season_id', '=', seasonId)
    .where('state', 'in', [...LIVE_ENROLMENT])
    .executeTakeFirst();
  return row !== undefined;
}

export function alreadyEnrolled(seasonId: number): AppError {
  return new AppError('ALREADY_ENROLLED', `already enrolled in season ${seasonId}`, { seasonId });
}

/** A seat's names from the plan's name map (its coordinates when the plan names none). */
export function nameOf(names: Map<string, SeatNames>, sectionId: number, x: number, y: number): SeatNames {
  return (
    names.get(seatKey(sectionId, x, y)) ?? { section: String(sectionId), row: String(y), seat: String(x) }
  );
}

/** The customer's live enrolment in the season and the member number its order made. */
export async function myEnrolment(db: Db, customerId: string, seasonId: number) {
  const row = await db
    .selectFrom('enrolments as e')
    .leftJoin('members as m', (j) =>
      j
        .onRef('m.reservation_identifier', '=', 'e.reservation_identifier')
        .onRef('m.membership_id', '=', 'e.membership_id'),
    )
    .select([
      'e.reservation_identifier',
      'e.state',
      'e.section_id',
      'e.x',
      'e.y',
      'e.ticket_group_id',
      'm.member_number',
    ])
    .where('e.customer_id', '=', customerId)
    .where('e.season_id', '=', seasonId)
    .where('e.state', 'in', [...LIVE_ENROLMENT])
    .orderBy('e.created_at', 'desc')
    .executeTakeFirst();
  return {
    enrolment: row
      ? {
          reservationIdentifier: row.reservation_identifier,
          state: row.state,
          memberNumber: row.member_number ?? null,
          seat: { sectionId: row.section_id, x: row.x, y: row.y, ticketGroupId: row.ticket_group_id },
        }
      : null,
  };
}

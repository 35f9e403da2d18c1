import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { MemberState, MemberTicketsAnswer } from '../../../src/api/contract/memberTickets.ts';
import { calendarDate } from '../../../src/domain/venue.ts';
import type { Database } from '../../db/types.ts';
import { loadTickets } from './ticketGroups.ts';

const NONE: MemberTicketsAnswer = { members: [], memberTickets: [] };

/** A member row with its membership's columns, as the member reads and the checkout load it. */
export interface MemberRow {
  member_number: string;
  membership_id: number;
  customer_id: string;
  additional_name: string | null;
  balance: number;
  used_balance: number;
  points_balance: number;
  start_date: string;
  end_date: string;
  ticket_balance: number;
  allow_member_sale_tickets: number;
}

/** Where a member stands today (calendar dates of the venue). */
export function memberStanding(m: MemberRow, now: number, timeZone: string) {
  const today = calendarDate(now, timeZone);
  const isExpired = today > m.end_date;
  const isNotStarted = today < m.start_date;
  const hasTicketBalance = m.ticket_balance > 0;
  return {
    isExpired,
    isNotStarted,
    isAvailable: !isExpired && !isNotStarted,
    hasTicketBalance,
    balanceLeft: hasTicketBalance ? Math.max(0, m.balance - m.used_balance) : null,
  };
}

/**
 * GET /presentations/{id}/member-tickets: the member tickets of the presentation's price levels for each
 * of the logged-in customer's (paid) members of their memberships. Two indexed reads: the customer's
 * members (members_customer), then the presentation's hidden tickets of those memberships
 * (presentation_ticket_groups' key, tickets by group). Logged out, or no members: nothing.
 */
export async function memberTickets(
  db: Kysely<Database>,
  presentationId: number,
  customerId: string | null,
  now: number,
  timeZone: string,
): Promise<MemberTicketsAnswer> {
  if (!customerId) return NONE;
  const members = await db
    .selectFrom('members as m')
    .innerJoin('memberships as ms', 'ms.id', 'm.membership_id')
    .innerJoin('customers as c', 'c.id', 'm.customer_id')
    .select([
      'm.member_number',
      'm.membership_id',
      'm.customer_id',
      'm.additional_name',
      'm.balance',
      'm.used_balance',
      'm.points_balance',
      'm.start_date',
      'm.end_date',
      'ms.ticket_balance',
      'ms.allow_member_sale_tickets',
      'ms.name_json',
      'c.first_name',
      'c.last_name',
    ])
    .where('m.customer_id', '=', customerId)
    .where('m.state', '=', 'active')
    .orderBy('m.end_date', 'desc')
    .orderBy('m.member_number')
    .execute();
  if (members.length === 0) return NONE;
  const rows = await db
    .selectFrom('presentation_ticket_groups as ptg')
    .innerJoin('tickets as t', 't.ticket_group_id', 'ptg.ticket_group_id')
    .innerJoin('presentations as pl', 'pl.id', 'ptg.presentation_id')
    .whereRef('t.price_list_id', '=', 'pl.price_list_id')
    .selectAll('t')
    .where('ptg.presentation_id', '=', presentationId)
    .where('t.is_hidden', '=', 1)
    .where('t.membership_id', 'in', [...new Set(members.map((m) => m.membership_id))])
    .orderBy('t.ticket_group_id')
    .orderBy('t.sort')
    .execute();
  if (rows.length === 0) return NONE;
  // A member ticket with a quota or add-ons is described as the ticket groups describe it (rare: one
  // more read); the usual member ticket has neither.
  const full = rows.some((r) => r.quota !== null)
    ? new Map((await loadTickets(db, presentationId, now, 'hidden')).map((x) => [x.row.id, x.ticket]))
    : null;
  const shown = members.filter((m) => rows.some((r) => r.membership_id === m.membership_id));
  const states: MemberState[] = shown.map((m) => ({
    memberNumber: m.member_number,
    name: m.additional_name ?? [m.first_name, m.last_name].filter(Boolean).join(' '),
    membershipId: m.membership_id,
    membershipName: JSON.parse(m.name_json) as LocalizedText,
    pointsBalance: m.points_balance,
    allowMemberSaleTickets: m.allow_member_sale_tickets === 1,
    ...memberStanding(m, now, timeZone),
  }));
  const memberTickets = shown.flatMap((m) =>
    rows
      .filter((r) => r.membership_id === m.membership_id)
      .map((r) => ({
        ticketGroupId: r.ticket_group_id,
        ticket: full?.get(r.id) ?? {
          id: r.id,
          name: JSON.parse(r.name_json) as LocalizedText,
          code: r.code,
          price: r.price,
          oldPrice: r.old_price,
          serviceCharge: r.service_charge,
          pricePolicyId: r.price_policy_id,
          multiplyFactor: r.multiply_factor,
          isMultiplyFactorSubTicket: r.is_sub_ticket === 1,
          ref1prompt: r.ref1prompt,
          ref2prompt: r.ref2prompt,
          minQuantity: r.min_quantity,
          maxQuantity: r.max_quantity,
          requiredTicketId: r.required_ticket_id,
          requiredMinimum: r.required_minimum,
          remaining: null,
          addons: [],
          isFirstAddonSelected: false,
        },
        loyaltyPointsPrice: r.loyalty_points_price,
        isMemberSale: r.is_member_sale === 1,
        memberNumber: m.member_number,
      })),
  );
  return { members: states, memberTickets };
}

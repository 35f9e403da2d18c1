import type { TFunction } from 'i18next';
import { type Answer, ApiCallError, apiCall } from '../../api/client.ts';
import type { Locale } from '../../api/contract/common.ts';
import type {
  MemberState,
  MemberTicket,
  MemberTicketsAnswerSchema,
} from '../../api/contract/memberTickets.ts';
import type { TicketGroup } from '../../api/contract/presentations.ts';
import { defaultTicket, ruleGroupsOf } from '../../domain/order/tickets.ts';
import {
  memberChoiceProblem,
  memberProblems,
  memberUse,
  type MemberProblemCode,
  type UseOffer,
} from '../../domain/order/memberUse.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import type { HeldSeat } from './model.ts';

/**
 * Members in the seat order (issue 16): the member tickets of the logged-in customer's members, fetched
 * per customer (GET /presentations/{id}/member-tickets, uncached) when the ticket step opens and again
 * when the customer logs in or out; per seat a choice of member ticket as one of the members, within
 * what the cart leaves of each member's balance and points (domain/order/memberUse.ts).
 */

export interface MemberTicketsState {
  seats: HeldSeat[];
  groups: TicketGroup[];
  members: MemberState[];
  memberTickets: MemberTicket[];
}

export function fetchMemberTickets(presentationId: number) {
  return apiCall<Answer<typeof MemberTicketsAnswerSchema>>(
    `/presentations/${presentationId}/member-tickets`,
    {
      query: { cb: Date.now() },
    },
  );
}

const offersOf = (tickets: readonly MemberTicket[]): UseOffer[] =>
  tickets.map((x) => ({
    ticketId: x.ticket.id,
    memberNumber: x.memberNumber,
    loyaltyPointsPrice: x.loyaltyPointsPrice,
    isMemberSale: x.isMemberSale,
  }));

/** The groups with the member tickets added to theirs (each ticket once, whoever it is offered to). */
export function withMemberTickets(
  groups: readonly TicketGroup[],
  tickets: readonly MemberTicket[],
): TicketGroup[] {
  if (tickets.length === 0) return groups as TicketGroup[];
  return groups.map((g) => {
    const extra: TicketGroup['tickets'] = [];
    for (const mt of tickets)
      if (
        mt.ticketGroupId === g.id &&
        !g.tickets.some((x) => x.id === mt.ticket.id) &&
        !extra.some((x) => x.id === mt.ticket.id)
      )
        extra.push(mt.ticket);
    return extra.length ? { ...g, tickets: [...g.tickets, ...extra] } : g;
  });
}

/** The ids of the member tickets (not offered as a group's own tickets). */
export const memberTicketIds = (tickets: readonly MemberTicket[]) => new Set(tickets.map((x) => x.ticket.id));

/** A member ticket choice as the select keeps it. */
export const memberChoiceValue = (ticketId: number, memberNumber: string) => `${ticketId}#${memberNumber}`;

export function parseMemberChoice(value: string): { ticketId: number; memberNumber: string } | null {
  const [id, member] = value.split('#');
  return member ? { ticketId: Number(id), memberNumber: member } : null;
}

/** The seats whose member ticket the box office would refuse, with why. */
export function seatMemberProblems(s: Pick<MemberTicketsState, 'seats' | 'members' | 'memberTickets'>) {
  return memberProblems(s.seats, offersOf(s.memberTickets), s.members);
}

/** What is left of each member's balance and points after this cart's seats. */
export function memberLeft(
  s: Pick<MemberTicketsState, 'seats' | 'members' | 'memberTickets'>,
  m: MemberState,
) {
  const use = memberUse(s.seats, offersOf(s.memberTickets), s.members).get(m.memberNumber);
  return {
    tickets: m.balanceLeft === null ? null : Math.max(0, m.balanceLeft - (use?.tickets ?? 0)),
    points: Math.max(0, m.pointsBalance - (use?.points ?? 0)),
  };
}

export function memberProblemText(t: TFunction, code: MemberProblemCode, member?: string): string {
  return errorText(t, new ApiCallError(code, 409, code, member ? { memberNumber: member } : {}));
}

/** The member ticket choices of a seat: each offer of its group, with what keeps it from the seat. */
export function seatMemberOptions(
  t: TFunction,
  locale: Locale,
  s: Pick<MemberTicketsState, 'seats' | 'members' | 'memberTickets'>,
  seat: HeldSeat,
): { value: string; label: string; disabled: boolean }[] {
  const offers = offersOf(s.memberTickets);
  return s.memberTickets
    .filter((x) => x.ticketGroupId === seat.ticketGroup && !x.ticket.isMultiplyFactorSubTicket)
    .map((x) => {
      const offer = offersOf([x])[0]!;
      const m = s.members.find((mm) => mm.memberNumber === x.memberNumber)!;
      const mine = seat.memberNumber === x.memberNumber && seat.ticketId === x.ticket.id;
      const problem = memberChoiceProblem(s.seats, offers, s.members, seat.key, offer);
      const left = memberLeft(s, m);
      const cost =
        x.loyaltyPointsPrice !== null
          ? t('memberTickets.pointsPrice', { points: x.loyaltyPointsPrice })
          : formatPrice(x.ticket.price, locale);
      const state = problem
        ? memberProblemText(t, problem)
        : left.tickets !== null
          ? t('memberTickets.left', { count: left.tickets + (mine ? 1 : 0) })
          : '';
      return {
        value: memberChoiceValue(x.ticket.id, x.memberNumber),
        label: [
          `${pickText(x.ticket.name, locale)} · ${cost}`,
          t('memberTickets.memberNo', { number: `\u2066${m.memberNumber}\u2069` }),
          state,
        ]
          .filter(Boolean)
          .join(' · '),
        disabled: problem !== null && !mine,
      };
    });
}

/** The intents: load the customer's member tickets, choose one for a seat. */
export function createMemberIntents(state: MemberTicketsState, presentationId: number) {
  /** Seats on a member ticket no longer offered go back to their group's default ticket. */
  function dropUnoffered() {
    const rules = ruleGroupsOf(state.groups);
    state.seats = state.seats.map((s) =>
      s.memberNumber !== undefined &&
      !state.memberTickets.some((x) => x.memberNumber === s.memberNumber && x.ticket.id === s.ticketId)
        ? {
            ...s,
            ticketId: defaultTicket(rules.find((g) => g.id === s.ticketGroup))?.id ?? null,
            memberNumber: undefined,
            addons: undefined,
          }
        : s,
    );
  }

  /** Fetches the member tickets of whoever is logged in now (none when nobody is, or on failure). */
  async function loadMemberTickets() {
    const answer = await fetchMemberTickets(presentationId).catch(() => null);
    state.members = answer?.members ?? [];
    state.memberTickets = answer?.memberTickets ?? [];
    dropUnoffered();
  }

  function chooseMemberTicket(key: string, ticketId: number, memberNumber: string) {
    state.seats = state.seats.map((s) =>
      s.key === key
        ? {
            ...s,
            ticketId,
            memberNumber,
            ticketCode: undefined,
            ref1: undefined,
            ref2: undefined,
            addons: undefined,
          }
        : s,
    );
  }

  return { loadMemberTickets, chooseMemberTicket };
}

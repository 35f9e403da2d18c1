import { captchaField } from '../../api/captcha.ts';
import { type Answer, apiCall, apiUrl } from '../../api/client.ts';
import { seatplanColumnsUrl } from '../../api/seatplanUrl.ts';
import type { CustomerInfoAnswerSchema } from '../../api/contract/customer.ts';
import type {
  MembershipForSale,
  MemberLookupAnswerSchema,
  MembershipAnswerSchema,
  MembershipLockSeatAnswerSchema,
  MembershipSeat,
  MembershipsAnswerSchema,
} from '../../api/contract/memberships.ts';

/** A seat of a membership's plan as the map describes it. */
export interface PickedSeat {
  sectionId: number;
  x: number;
  y: number;
  ticketGroup: number;
}

const seatBody = (m: MembershipForSale, s: PickedSeat, selections: MembershipSeat[]) => {
  const p = m.presentations[0]!;
  return {
    seat: {
      MembershipId: m.MembershipId,
      VenueId: p.venueId,
      VenueSeatplanId: p.seatplanId,
      VenueSectionId: s.sectionId,
      TicketGroupId: s.ticketGroup,
      XCoordinate: s.x,
      YCoordinate: s.y,
      selections,
    },
  };
};

/** The membership order's calls (spec section 7, issue 16). */
export const membershipApi = {
  list: (signal?: AbortSignal) =>
    apiCall<Answer<typeof MembershipsAnswerSchema>>('/memberships', signal ? { signal } : {}),
  one: (code: string, priceCode?: string | null, signal?: AbortSignal) =>
    apiCall<Answer<typeof MembershipAnswerSchema>>(`/memberships/${encodeURIComponent(code)}`, {
      query: { priceCode: priceCode ?? undefined },
      ...(signal ? { signal } : {}),
    }),
  // The plan of the membership's first presentation (as /membership/seatplan answers), in the map's columns.
  planUrl: (m: MembershipForSale) => {
    const first = m.presentations[0];
    return first
      ? seatplanColumnsUrl(first)
      : apiUrl('/membership/seatplan', { membershipId: m.MembershipId });
  },
  statusUrl: (id: number) => apiUrl('/membership/seats-status', { membershipId: id }),
  lock: async (m: MembershipForSale, s: PickedSeat, selections: MembershipSeat[]) =>
    apiCall<Answer<typeof MembershipLockSeatAnswerSchema>>('/membership/lock-seat', {
      method: 'PUT',
      body: { ...seatBody(m, s, selections), ...(await captchaField('lock_seat')) },
    }),
  unlock: async (m: MembershipForSale, s: MembershipSeat) =>
    apiCall<Answer<typeof MembershipLockSeatAnswerSchema>>('/membership/unlock-seat', {
      method: 'PUT',
      body: {
        ...seatBody(m, { sectionId: s.si, x: s.x, y: s.y, ticketGroup: s.tg }, [s]),
        ...(await captchaField('unlock_seat')),
      },
    }),
  lookup: async (ssn: string) =>
    apiCall<Answer<typeof MemberLookupAnswerSchema>>('/memberships/member-lookup', {
      method: 'POST',
      body: { ssn, ...(await captchaField('member_lookup')) },
    }),
  memberLogin: (ssn: string, smsCode: string) =>
    apiCall<Answer<typeof CustomerInfoAnswerSchema>>('/memberships/member-login', {
      method: 'POST',
      body: { ssn, smsCode },
    }),
};

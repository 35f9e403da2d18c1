import { captchaField } from '../../api/captcha.ts';
import { type Answer, apiCall, apiUrl } from '../../api/client.ts';
import { seatplanColumnsUrl } from '../../api/seatplanUrl.ts';
import type {
  EnrollLockAnswer,
  EnrollLockAnswerSchema,
  EnrolmentMembershipSchema,
  EnrolmentMembership,
  EnrolmentSeat,
  MyEnrolmentSchema,
} from '../../api/contract/enrolment.ts';

/** The enrolment's calls (spec section 7: /enroll/{membershipId}/…). */
export const enrollApi = {
  membership: (code: string, signal?: AbortSignal) =>
    apiCall<Answer<typeof EnrolmentMembershipSchema>>(
      `/enroll/${encodeURIComponent(code)}`,
      signal ? { signal } : {},
    ),
  // The season's plan in the map's columns (the same plan as /enroll/{membershipId}/seatplan).
  planUrl: (m: EnrolmentMembership) => seatplanColumnsUrl(m),
  statusUrl: (m: EnrolmentMembership, presentations: readonly number[]) =>
    apiUrl(`/enroll/${m.MembershipId}/seats-status`, { presentations: presentations.join(',') }),
  lock: async (
    m: EnrolmentMembership,
    seat: EnrolmentSeat,
    optional: readonly number[],
    presentationId?: number,
  ): Promise<EnrollLockAnswer> =>
    apiCall<Answer<typeof EnrollLockAnswerSchema>>(`/enroll/${m.MembershipId}/lock-seat`, {
      method: 'PUT',
      body: {
        venueId: m.venueId,
        seatplanId: m.seatplanId,
        seasonId: m.SeasonId,
        ...seat,
        selections: [...optional],
        ...(presentationId === undefined ? {} : { presentationId }),
        ...(await captchaField('lock_seat')),
      },
    }) as Promise<EnrollLockAnswer>,
  unlock: async (m: EnrolmentMembership, presentationId?: number) =>
    apiCall<Answer<typeof EnrollLockAnswerSchema>>(`/enroll/${m.MembershipId}/unlock-seat`, {
      method: 'PUT',
      body: {
        venueId: m.venueId,
        seatplanId: m.seatplanId,
        seasonId: m.SeasonId,
        ...(presentationId === undefined ? {} : { presentationId }),
        ...(await captchaField('unlock_seat')),
      },
    }),
};

export const myEnrolment = (m: EnrolmentMembership) =>
  apiCall<Answer<typeof MyEnrolmentSchema>>(`/enroll/${m.MembershipId}/mine`);

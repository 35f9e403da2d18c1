import type { FastifyInstance } from 'fastify';
import {
  type EnrollLockAnswer,
  EnrollLockAnswerSchema,
  EnrolmentMembershipSchema,
  type EnrolmentMembership,
} from '../../../src/api/contract/enrolment.ts';
import type { CommitBody } from '../../../src/api/contract/order.ts';
import { parseSeatKey } from '../../../src/domain/seatKey.ts';
import { customer, goodCard } from '../../testing/checkout.ts';

/** Test helpers of the season enrolment: the membership, its seat calls and its cart. */

export const SEASON_ID = 7;
export const FLEX_ID = 8;
export const REQUIRED = [8001, 8002, 8003, 8004, 8005, 8006];
export const OPTIONAL = [8007, 8008, 8009, 8010];

const cookieHeader = (cookie?: string) => (cookie ? { cookie: `customer_session=${cookie}` } : {});

export async function enrolmentOf(app: FastifyInstance, idOrCode: string | number, cookie?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/enroll/${idOrCode}`,
    headers: cookieHeader(cookie),
  });
  if (res.statusCode !== 200) throw new Error(`enroll ${idOrCode}: ${res.statusCode} ${res.body}`);
  return EnrolmentMembershipSchema.parse(res.json());
}

/** Free seats (`section_x_y` → price level) in every one of the presentations. */
export async function freeAcross(app: FastifyInstance, membershipId: number, ids: number[], uuid?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/enroll/${membershipId}/seats-status?presentations=${ids.join(',')}`,
    headers: uuid ? { uuid } : {},
  });
  if (res.statusCode !== 200) throw new Error(`status: ${res.statusCode} ${res.body}`);
  const body = res.json() as { seats: Record<string, string>; held: string[] };
  return {
    free: new Map(Object.entries(body.seats).map(([k, v]) => [k, Number(v.split(',')[0])])),
    held: body.held,
  };
}

export interface SeatPick {
  sectionId: number;
  x: number;
  y: number;
  ticketGroupId: number;
}

export function seatFromKey(key: string, ticketGroupId: number): SeatPick {
  const c = parseSeatKey(key)!;
  return { ...c, ticketGroupId };
}

export function lockBodyOf(
  m: EnrolmentMembership,
  seat: SeatPick,
  optional: number[],
  presentationId?: number,
) {
  return {
    venueId: m.venueId,
    seatplanId: m.seatplanId,
    seasonId: m.SeasonId,
    ...seat,
    selections: optional,
    ...(presentationId === undefined ? {} : { presentationId }),
  };
}

export function enrolLock(
  app: FastifyInstance,
  uuid: string,
  m: EnrolmentMembership,
  body: ReturnType<typeof lockBodyOf>,
  cookie?: string,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/enroll/${m.MembershipId}/lock-seat`,
    headers: { uuid, ...cookieHeader(cookie) },
    payload: body,
  });
}

export async function lockedOk(res: {
  statusCode: number;
  body: string;
  json(): unknown;
}): Promise<EnrollLockAnswer> {
  if (res.statusCode !== 200) throw new Error(`lock: ${res.statusCode} ${res.body}`);
  return EnrollLockAnswerSchema.parse(res.json());
}

/** The enrolment's cart for the seats held (selections) and a tariff. */
export function enrolmentCart(
  membershipId: number,
  tariff: { ticketGroupId: number; ticketId: number },
  selections: { presentationId: number; sectionId: number; x: number; y: number }[],
): CommitBody {
  return {
    cart: {
      customerInfo: customer,
      creditcardInfo: goodCard,
      enrolment: {
        membershipId,
        ...tariff,
        presentations: selections.map((s) => ({ pi: s.presentationId, si: s.sectionId, x: s.x, y: s.y })),
      },
    },
    locale: 'en',
  };
}

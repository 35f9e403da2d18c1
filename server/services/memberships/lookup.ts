import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { MemberLookupAnswer } from '../../../src/api/contract/memberships.ts';
import { isValidIsraeliId } from '../../../src/domain/validation.ts';
import { calendarDate } from '../../../src/domain/venue.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../errors.ts';

/** 050-***-4567: enough for the member to know where the code goes, not enough to learn the number. */
export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  if (digits.length < 7) return '***';
  return `${digits.slice(0, 3)}-***-${digits.slice(-4)}`;
}

/**
 * POST /memberships/member-lookup: the account with this ID number and its members of memberships on
 * sale (for renewal and top-up). invalidSSN: not a valid ID number; CUSTOMER_NOT_FOUND: no account;
 * CUSTOMER_NO_MOBILE: the account has no mobile to send the login code to; memberNotFound: no member;
 * noValidMember: every member was cancelled.
 */
export async function lookUpMember(
  db: Kysely<Database>,
  ssn: string,
  now: number,
): Promise<{ customerId: string; mobile: string; answer: Omit<MemberLookupAnswer, 'loginMethod'> }> {
  const id = ssn.trim();
  if (!isValidIsraeliId(id)) throw new AppError('invalidSSN', 'not a valid ID number');
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'mobile_number'])
    .where('ssn', 'in', [id, id.padStart(9, '0')])
    .where('is_account', '=', 1)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND', 'no customer with this ID number');
  if (!customer.mobile_number) throw new AppError('CUSTOMER_NO_MOBILE', 'the customer has no mobile number');
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('memberships as s', 's.id', 'm.membership_id')
    .select(['m.member_number', 'm.membership_id', 'm.start_date', 'm.end_date', 'm.balance', 'm.state'])
    .select('s.name_json')
    .where('m.customer_id', '=', customer.id)
    .where('s.code', 'is not', null)
    .orderBy('m.end_date', 'desc')
    .execute();
  if (rows.length === 0) throw new AppError('memberNotFound', 'no member with this ID number');
  const valid = rows.filter((r) => r.state === 'active');
  if (valid.length === 0) throw new AppError('noValidMember', 'no valid member with this ID number');
  const today = calendarDate(now);
  return {
    customerId: customer.id,
    mobile: customer.mobile_number,
    answer: {
      members: valid.map((r) => ({
        memberNumber: r.member_number,
        membershipId: r.membership_id,
        name: JSON.parse(r.name_json) as LocalizedText,
        startDate: r.start_date,
        endDate: r.end_date,
        isExpired: today > r.end_date,
        isNotStarted: today < r.start_date,
        balance: r.balance,
      })),
      maskedMobile: maskMobile(customer.mobile_number),
    },
  };
}

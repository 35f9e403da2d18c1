import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { OrderEnrolment } from '../../../src/api/contract/enrolment.ts';
import type { Database } from '../../db/types.ts';

const text = (json: string) => JSON.parse(json) as LocalizedText;

/**
 * The season enrolment an order made, for its documents: the enrolment membership, the season and, once
 * paid, the subscriber's member number (the member the paid enrolment made, with its dates). Null for an
 * order that enrolled in nothing. Its seats are the order's tickets, one in each concert.
 */
export async function loadOrderEnrolment(
  db: Kysely<Database>,
  reservationIdentifier: string,
): Promise<OrderEnrolment | null> {
  const row = await db
    .selectFrom('enrolments as e')
    .innerJoin('memberships as m', 'm.id', 'e.membership_id')
    .innerJoin('seasons as s', 's.id', 'e.season_id')
    .leftJoin('members as mb', (j) =>
      j
        .onRef('mb.reservation_identifier', '=', 'e.reservation_identifier')
        .onRef('mb.membership_id', '=', 'e.membership_id'),
    )
    .select(['e.membership_id', 'e.state', 'm.name_json', 's.name_json as season_json'])
    .select(['mb.member_number', 'mb.start_date', 'mb.end_date'])
    .where('e.reservation_identifier', '=', reservationIdentifier)
    .orderBy('e.created_at', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  return {
    membershipId: row.membership_id,
    name: text(row.name_json),
    seasonName: text(row.season_json),
    memberNumber: row.member_number ?? null,
    startDate: row.start_date ?? null,
    endDate: row.end_date ?? null,
    isCancelled: row.state === 'cancelled',
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

const DAY = 86_400_000;

/**
 * Gift cards (stored-value system vouchers) with known codes, to try paying by voucher in the sandbox
 * (listed in the README). They belong to a box-office buyer, not to a demo account. Idempotent.
 */
export const DEMO_GIFT_CARDS = [
  { reference: 'GIFT-150-SANDBOX', balance: 15_000, expired: false },
  { reference: 'GIFT-1000-SANDBOX', balance: 100_000, expired: false },
  { reference: 'GIFT-500-SANDBOX', balance: 50_000, expired: false },
  { reference: 'GIFT-EMPTY-SANDBOX', balance: 0, expired: false },
  { reference: 'GIFT-EXPIRED-SANDBOX', balance: 10_000, expired: true },
] as const;

export async function seedDemoGiftCards(db: Kysely<Database>, now: number): Promise<boolean> {
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'seed_gift_cards')
    .executeTakeFirst();
  if (marker) return false;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('meta').values({ key: 'seed_gift_cards', value: '1' }).execute();
    await trx
      .insertInto('customers')
      .values({
        id: 'c_gift_card_buyer',
        first_name: 'Box office',
        last_name: 'Gift cards',
        email: null,
        mobile_number: null,
        ssn: null,
        address1: null,
        address2: null,
        city: null,
        postal_code: null,
        date_of_birth: null,
        location_id: null,
        is_mailing_allowed: 0,
        created_at: now - 30 * DAY,
        mobile_key: null,
        email_key: null,
      })
      .execute();
    await trx
      .insertInto('system_vouchers')
      .values(
        DEMO_GIFT_CARDS.map((g) => ({
          reference: g.reference,
          class_id: 2,
          customer_id: 'c_gift_card_buyer',
          reservation_identifier: null,
          quantity: g.expired || g.balance === 0 ? 10_000 : g.balance,
          price: g.expired || g.balance === 0 ? 10_000 : g.balance,
          redeemed: g.balance === 0 ? 10_000 : 0,
          balance: g.balance,
          created_at: now - 30 * DAY,
          start_date: now - 30 * DAY,
          end_date: g.expired ? now - DAY : now + 365 * DAY,
          state: 'active' as const,
          sold_in_outlet: 0,
          transaction_id: null,
          cancelled_by: null,
        })),
      )
      .execute();
  });
  return true;
}

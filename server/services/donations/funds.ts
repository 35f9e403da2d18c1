import type { Kysely, Transaction } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import {
  type DonationFund,
  type DonationScope,
  DonationScopeSchema,
  type DonationsAnswer,
} from '../../../src/api/contract/donations.ts';
import type { Database } from '../../db/types.ts';

type Db = Kysely<Database> | Transaction<Database>;
const text = (json: string) => JSON.parse(json) as LocalizedText;

/** The active donation funds, by sort; `ids`: only those. */
export function activeFunds(db: Db, ids?: readonly number[]) {
  let q = db
    .selectFrom('donation_funds')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('sort')
    .orderBy('id');
  if (ids) q = q.where('id', 'in', ids.length ? [...ids] : [-1]);
  return q.execute();
}

/** The fixed amounts of funds, by sort. */
export function fundAmounts(db: Db, fundIds: readonly number[]) {
  return db
    .selectFrom('donation_amounts')
    .selectAll()
    .where('fund_id', 'in', fundIds.length ? [...fundIds] : [-1])
    .orderBy('fund_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** A fund's custom amount bounds, when it takes a custom amount (both bounds set). */
export function customBounds(fund: {
  min_custom: number | null;
  max_custom: number | null;
}): { min: number; max: number } | null {
  return fund.min_custom !== null && fund.max_custom !== null
    ? { min: fund.min_custom, max: fund.max_custom }
    : null;
}

/** A fund's scope (where a seat order offers it); undefined: every order. */
export function scopeOf(fund: { scope_json: string | null }): DonationScope | undefined {
  return fund.scope_json ? DonationScopeSchema.parse(JSON.parse(fund.scope_json)) : undefined;
}

/**
 * GET /donations: the active funds by sort with their fixed amounts, the custom amount's bounds and the
 * seat orders that offer them (scope). A fund with neither amounts nor bounds is left out (nothing could
 * be given to it).
 */
export async function donationFunds(db: Kysely<Database>): Promise<DonationsAnswer> {
  const funds = await activeFunds(db);
  const amounts = await fundAmounts(
    db,
    funds.map((f) => f.id),
  );
  const donations: DonationFund[] = [];
  for (const f of funds) {
    const mine = amounts.filter((a) => a.fund_id === f.id).map((a) => ({ id: a.id, amount: a.amount }));
    const custom = customBounds(f);
    if (mine.length === 0 && !custom) continue;
    donations.push({
      id: f.id,
      Code: f.code,
      name: text(f.name_json),
      description: text(f.description_json),
      amounts: mine,
      customAmount: custom,
      ...(f.scope_json ? { scope: scopeOf(f) } : {}),
    });
  }
  return { donations };
}

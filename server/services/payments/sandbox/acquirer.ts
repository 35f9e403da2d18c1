import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/types.ts';
import {
  type CardToken,
  type DeclineReason,
  type InitiateRequest,
  type PaymentProvider,
  PaymentUnavailableError,
  type ProviderOutcome,
} from '../provider.ts';
import { judgeCard } from './cards.ts';

export type SandboxRow = Selectable<Database['sandbox_transactions']>;

export interface SandboxOptions {
  now: () => number;
  /** Every answer comes this many milliseconds after the acquirer has recorded it. */
  delayMs: number;
  blikCodeSeconds: number;
  blikApprovalSeconds: number;
}

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
/** A random upper-case id, as PayPal's order and payer ids look. */
export const code = (n: number) => Array.from(randomBytes(n), (b) => ALNUM[b % ALNUM.length]).join('');
export const sandboxId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
/** A 6-digit approval code, as acquirers give one. */
export const approvalCode = () => String(randomInt(100000, 1000000));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The built-in sandbox acquirer. It behaves like the real Israeli and Polish acquirers' test modes:
 * 3-D Secure (frictionless, challenged or failed by test card), instalments, card tokens, PayPal
 * Orders v2 (create → payer approves → capture), Blik (a 6-digit code from the banking app that lives
 * two minutes, then about a minute to confirm in the app) and a hosted payment page. It keeps its
 * ledger in its own tables (`sandbox_*`), as an acquirer would on its side, so a restarted box office
 * can ask what became of a payment. It never keeps a card number or CVV: only brand and last four.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly db: Kysely<Database>;
  readonly opts: SandboxOptions;

  constructor(db: Kysely<Database>, opts: SandboxOptions) {
    this.db = db;
    this.opts = opts;
  }

  private async answer<T>(value: T): Promise<T> {
    if (this.opts.delayMs > 0) await sleep(this.opts.delayMs);
    return value;
  }

  async find(reference: string): Promise<SandboxRow | undefined> {
    return this.db
      .selectFrom('sandbox_transactions')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  async byId(id: string): Promise<SandboxRow | undefined> {
    return this.db.selectFrom('sandbox_transactions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(id: string, patch: Partial<Omit<SandboxRow, 'id' | 'reference'>>): Promise<void> {
    await this.db
      .updateTable('sandbox_transactions')
      .set({ ...patch, updated_at: this.opts.now() })
      .where('id', '=', id)
      .execute();
  }

  async initiate(req: InitiateRequest): Promise<ProviderOutcome> {
    const earlier = await this.find(req.reference);
    if (earlier) return this.answer(await this.outcomeOf(earlier));
    const now = this.opts.now();
    const row: SandboxRow = {
      id: sandboxId('sbx'),
      reference: req.reference,
      kind: req.method,
      status: 'created',
      amount: req.amount,
      number_of_payments: req.numberOfPayments,
      brand: null,
      last4: null,
      expiry: null,
      approval_code: null,
      reason: null,
      token: null,
      save_card: 0,
      payer_id: null,
      blik_code: null,
      shipping_preference: null,
      return_url: req.returnPath,
      cancel_url: req.cancelPath,
      description: req.description,
      expires_at: null,
      refunded_amount: 0,
      currency: req.currency,
      created_at: now,
      updated_at: now,
    };
    switch (req.method) {
      case 'card': {
        // The sandbox takes the shop's own card form only: it has no card fields of its own.
        if ('token' in req.card) throw new Error("sandbox: cards come from the shop's card form");
        const judged = judgeCard(req.card, now);
        if (judged.kind === 'unavailable') throw new PaymentUnavailableError();
        Object.assign(row, { brand: judged.brand, last4: judged.last4, expiry: req.card.expiry });
        if (judged.kind === 'decline') Object.assign(row, { status: 'declined', reason: judged.reason });
        else if (judged.kind === 'challenge')
          Object.assign(row, {
            status: 'challenge',
            reason: judged.thenDecline ? 'then_decline' : null,
            save_card: req.saveCard ? 1 : 0,
          });
        else Object.assign(row, approved(), { save_card: req.saveCard ? 1 : 0 });
        break;
      }
      case 'token': {
        const token = await this.db
          .selectFrom('sandbox_tokens')
          .selectAll()
          .where('token', '=', req.token)
          .executeTakeFirst();
        if (!token || token.is_deleted === 1)
          Object.assign(row, { status: 'declined', reason: 'invalid_card' });
        else {
          Object.assign(row, {
            brand: token.brand,
            last4: token.last4,
            expiry: token.expiry,
            token: token.token,
          });
          Object.assign(
            row,
            expired(token.expiry, now) ? { status: 'declined', reason: 'card_expired' } : approved(),
          );
        }
        break;
      }
      case 'paypal':
        // PayPal refuses an order from an app it does not know (no client id: no PayPal app).
        if (!req.clientId) throw new PaymentUnavailableError();
        row.id = code(17);
        row.shipping_preference = req.shipping;
        break;
      case 'redirect':
        row.status = 'open';
        break;
      case 'blik':
        Object.assign(row, await this.claimBlikCode(req.code, row.id, now));
        break;
    }
    if (row.status === 'approved' && row.save_card === 1) await this.issueToken(row);
    try {
      await this.db.insertInto('sandbox_transactions').values(row).execute();
    } catch (err) {
      const twin = await this.find(req.reference);
      if (!twin) throw err;
      return this.answer(await this.outcomeOf(twin));
    }
    return this.answer(await this.outcomeOf(row));
  }

  /** Links a Blik code from the banking app to a payment: unknown, used or expired codes are refused. */
  private async claimBlikCode(
    code: string,
    transactionId: string,
    now: number,
  ): Promise<Partial<SandboxRow>> {
    const found = await this.db
      .selectFrom('sandbox_blik_codes')
      .selectAll()
      .where('code', '=', code)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!found || found.transaction_id !== null)
      return { status: 'declined', reason: 'blik_code_invalid', blik_code: code };
    if (found.expires_at <= now) return { status: 'declined', reason: 'blik_code_expired', blik_code: code };
    const taken = await this.db
      .updateTable('sandbox_blik_codes')
      .set({ transaction_id: transactionId })
      .where('id', '=', found.id)
      .where('transaction_id', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1)
      return { status: 'declined', reason: 'blik_code_invalid', blik_code: code };
    return {
      status: 'blik_pending',
      blik_code: code,
      expires_at: now + this.opts.blikApprovalSeconds * 1000,
    };
  }

  /** Keeps the card as a token (brand, last four and expiry only). */
  async issueToken(row: SandboxRow): Promise<void> {
    if (row.token || !row.brand || !row.last4 || !row.expiry) return;
    row.token = sandboxId('tok');
    await this.db
      .insertInto('sandbox_tokens')
      .values({
        token: row.token,
        brand: row.brand,
        last4: row.last4,
        expiry: row.expiry,
        created_at: this.opts.now(),
      })
      .execute();
  }

  /** The ledger row as the box office sees it; a Blik payment not confirmed in time expires here. */
  async outcomeOf(row: SandboxRow): Promise<ProviderOutcome> {
    const providerRef = row.id;
    const declined = (reason: DeclineReason): ProviderOutcome => ({
      status: 'declined',
      providerRef,
      reason,
      message:
        row.kind === 'redirect' ? `Response ${responseCode(reason)}: ${reason.replaceAll('_', ' ')}` : null,
      brand: row.brand,
      last4: row.last4,
    });
    switch (row.status) {
      case 'approved':
      case 'captured':
        return {
          status: 'approved',
          providerRef,
          approvalCode: row.approval_code ?? '',
          brand: row.brand,
          last4: row.last4,
          token: tokenOf(row),
        };
      case 'declined':
        return declined((row.reason as DeclineReason | null) ?? 'declined');
      case 'cancelled':
        return declined('cancelled');
      case 'expired':
        return declined(row.kind === 'blik' ? 'blik_timeout' : 'expired');
      case 'challenge':
        return {
          status: 'action',
          providerRef,
          action: { type: 'challenge', url: `/sandbox/3ds/${row.id}` },
        };
      case 'created':
        return {
          status: 'action',
          providerRef,
          action: {
            type: 'redirect',
            provider: 'paypal',
            url: `/sandbox/paypal/checkoutnow?token=${row.id}`,
          },
        };
      case 'open':
        return {
          status: 'action',
          providerRef,
          action: { type: 'redirect', provider: 'hosted', url: `/sandbox/pay/${row.id}` },
        };
      case 'payer_approved':
        return { status: 'authorized', providerRef, payerId: row.payer_id ?? '' };
      case 'blik_pending':
        if ((row.expires_at ?? 0) <= this.opts.now()) {
          await this.update(row.id, { status: 'expired' });
          return declined('blik_timeout');
        }
        return { status: 'action', providerRef, action: { type: 'blik', expiresAt: row.expires_at ?? 0 } };
      default:
        throw new Error(`sandbox: unknown status ${row.status}`);
    }
  }

  async status(reference: string): Promise<ProviderOutcome | null> {
    const row = await this.find(reference);
    return this.answer(row ? await this.outcomeOf(row) : null);
  }

  async capture(reference: string, approval: { payerId: string; orderId: string }): Promise<ProviderOutcome> {
    const row = await this.find(reference);
    if (!row) throw new Error(`sandbox: no payment ${reference}`);
    if (row.status === 'payer_approved') {
      if (row.id !== approval.orderId || row.payer_id !== approval.payerId)
        await this.update(row.id, { status: 'declined', reason: 'wallet_declined' });
      else await this.update(row.id, { status: 'captured', approval_code: code(17) });
    }
    return this.answer(await this.outcomeOf((await this.byId(row.id))!));
  }

  async cancel(reference: string): Promise<void> {
    const row = await this.find(reference);
    if (row && ['challenge', 'created', 'open', 'blik_pending', 'payer_approved'].includes(row.status))
      await this.update(row.id, { status: 'expired' });
    await this.answer(undefined);
  }

  async refund(providerRef: string, part: { amount: number; reference: string }): Promise<void> {
    const done = await this.db
      .selectFrom('sandbox_refunds')
      .select('reference')
      .where('reference', '=', part.reference)
      .executeTakeFirst();
    if (!done) {
      await this.db
        .insertInto('sandbox_refunds')
        .values({
          reference: part.reference,
          transaction_id: providerRef,
          amount: part.amount,
          created_at: this.opts.now(),
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .execute();
      const row = await this.byId(providerRef);
      if (row) await this.update(row.id, { refunded_amount: row.refunded_amount + part.amount });
    }
    await this.answer(undefined);
  }

  async deleteToken(token: string): Promise<void> {
    await this.db.updateTable('sandbox_tokens').set({ is_deleted: 1 }).where('token', '=', token).execute();
    await this.answer(undefined);
  }

  /** The acquirer's ledger (tests count charges approved and not refunded). */
  async ledger(): Promise<SandboxRow[]> {
    return this.db.selectFrom('sandbox_transactions').selectAll().orderBy('created_at').execute();
  }

  /** Refunds given, each in the currency of the charge it gives back. */
  async refunds() {
    return this.db
      .selectFrom('sandbox_refunds as r')
      .leftJoin('sandbox_transactions as t', 't.id', 'r.transaction_id')
      .selectAll('r')
      .select('t.currency')
      .orderBy('r.created_at')
      .execute();
  }
}

function approved(): Partial<SandboxRow> {
  return { status: 'approved', approval_code: approvalCode() };
}

function expired(expiry: string, now: number): boolean {
  const [mm, yy] = expiry.split('/').map(Number);
  if (!mm || yy === undefined) return true;
  const d = new Date(now);
  const year = 2000 + yy;
  return year < d.getUTCFullYear() || (year === d.getUTCFullYear() && mm < d.getUTCMonth() + 1);
}

function tokenOf(row: SandboxRow): CardToken | null {
  if (row.save_card !== 1 || !row.token || !row.brand || !row.last4 || !row.expiry) return null;
  return { token: row.token, brand: row.brand, last4: row.last4, expiry: row.expiry };
}

/** The hosted page's response code of a refusal, as Israeli acquirers number them (000 is approved). */
export function responseCode(reason: DeclineReason): string {
  return RESPONSE_CODES[reason] ?? '033';
}

/** The hosted page's response code of a payment as it stands now. */
export function responseCodeOf(row: SandboxRow): string {
  if (row.status === 'approved' || row.status === 'captured') return '000';
  if (row.status === 'cancelled') return responseCode('cancelled');
  return responseCode((row.reason as DeclineReason | null) ?? 'declined');
}

const RESPONSE_CODES: Partial<Record<DeclineReason, string>> = {
  declined: '004',
  insufficient_funds: '051',
  card_expired: '036',
  invalid_card: '006',
  authentication_failed: '065',
  cancelled: '999',
};

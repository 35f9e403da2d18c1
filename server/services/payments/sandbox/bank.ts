import { randomInt } from 'node:crypto';
import { withQuery } from '../../../../src/routing/paths.ts';
import type { CardDetails } from '../provider.ts';
import {
  approvalCode,
  code,
  responseCode,
  responseCodeOf,
  type SandboxPaymentProvider,
  type SandboxRow,
  sandboxId,
} from './acquirer.ts';
import { judgeCard } from './cards.ts';

/**
 * What the customer does on the sandbox's own pages (the card issuer's 3-D Secure page, PayPal's
 * approval page, the hosted payment page and the Blik banking app). Each step changes the acquirer's
 * ledger only; the box office learns the outcome by asking the acquirer, as it would a real one.
 */
export class SandboxBank {
  private readonly acquirer: SandboxPaymentProvider;

  constructor(acquirer: SandboxPaymentProvider) {
    this.acquirer = acquirer;
  }

  private now() {
    return this.acquirer.opts.now();
  }

  async transaction(id: string, kind: string): Promise<SandboxRow | null> {
    const row = await this.acquirer.byId(id);
    return row && row.kind === kind ? row : null;
  }

  /** The 3-D Secure challenge: the customer authenticates (or fails to). */
  async challenge(id: string, authenticated: boolean): Promise<SandboxRow | null> {
    const row = await this.transaction(id, 'card');
    if (!row || row.status !== 'challenge') return row;
    if (!authenticated)
      await this.acquirer.update(id, { status: 'declined', reason: 'authentication_failed' });
    else if (row.reason === 'then_decline')
      await this.acquirer.update(id, { status: 'declined', reason: 'declined' });
    else {
      const approved = { ...row, status: 'approved', approval_code: approvalCode() };
      if (row.save_card === 1) await this.acquirer.issueToken(approved);
      await this.acquirer.update(id, {
        status: 'approved',
        approval_code: approved.approval_code,
        reason: null,
        token: approved.token,
      });
    }
    return this.acquirer.byId(id).then((r) => r ?? null);
  }

  /** PayPal: the payer approves; PayPal sends them back with the order id and their payer id. */
  async paypalApprove(id: string): Promise<string | null> {
    const row = await this.transaction(id, 'paypal');
    if (!row || !['created', 'payer_approved'].includes(row.status)) return null;
    const payerId = row.payer_id ?? code(13);
    await this.acquirer.update(id, { status: 'payer_approved', payer_id: payerId });
    return withQuery(row.return_url ?? '/', { token: id, PayerID: payerId });
  }

  async paypalCancel(id: string): Promise<string | null> {
    const row = await this.transaction(id, 'paypal');
    if (!row) return null;
    if (row.status === 'created') await this.acquirer.update(id, { status: 'cancelled' });
    return withQuery(row.cancel_url ?? '/', { token: id });
  }

  /** The hosted payment page: the card is typed here, never at the box office. */
  async hostedPay(id: string, card: CardDetails): Promise<string | null> {
    const row = await this.transaction(id, 'redirect');
    // The page was already answered (paid, refused, cancelled or given up): back with how it stands.
    if (!row || row.status !== 'open')
      return row ? withQuery(row.return_url ?? '/', { Response: responseCodeOf(row) }) : null;
    const judged = judgeCard(card, this.now());
    if (judged.kind === 'unavailable') {
      await this.acquirer.update(id, { status: 'declined', reason: 'declined' });
      return withQuery(row.return_url ?? '/', { Response: responseCode('declined') });
    }
    if (judged.kind === 'decline') {
      await this.acquirer.update(id, {
        status: 'declined',
        reason: judged.reason,
        brand: judged.brand,
        last4: judged.last4,
      });
      return withQuery(row.return_url ?? '/', { Response: responseCode(judged.reason) });
    }
    // The hosted page runs 3-D Secure itself; the sandbox lets every challenge pass there.
    await this.acquirer.update(id, {
      status: 'approved',
      approval_code: approvalCode(),
      brand: judged.brand,
      last4: judged.last4,
      expiry: card.expiry,
    });
    return withQuery(row.return_url ?? '/', { Response: '000' });
  }

  async hostedCancel(id: string): Promise<string | null> {
    const row = await this.transaction(id, 'redirect');
    if (!row) return null;
    if (row.status === 'open') await this.acquirer.update(id, { status: 'cancelled' });
    return withQuery(row.cancel_url ?? '/', { Response: 'cancelled' });
  }

  /** The banking app shows a fresh 6-digit Blik code, valid for two minutes. */
  async newBlikCode(): Promise<{ id: string; code: string; expiresAt: number }> {
    const now = this.now();
    const digits = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = now + this.acquirer.opts.blikCodeSeconds * 1000;
    const id = sandboxId('blik');
    await this.acquirer.db
      .insertInto('sandbox_blik_codes')
      .values({ id, code: digits, created_at: now, expires_at: expiresAt, transaction_id: null })
      .execute();
    return { id, code: digits, expiresAt };
  }

  /** Blik payments waiting for the customer's confirmation in the app. */
  async blikWaiting(): Promise<SandboxRow[]> {
    return this.acquirer.db
      .selectFrom('sandbox_transactions')
      .selectAll()
      .where('kind', '=', 'blik')
      .where('status', '=', 'blik_pending')
      .where('expires_at', '>', this.now())
      .orderBy('created_at', 'desc')
      .execute();
  }

  async blikDecide(id: string, approve: boolean): Promise<SandboxRow | null> {
    const row = await this.transaction(id, 'blik');
    if (!row || row.status !== 'blik_pending') return row;
    if ((row.expires_at ?? 0) <= this.now()) await this.acquirer.update(id, { status: 'expired' });
    else if (approve)
      await this.acquirer.update(id, {
        status: 'approved',
        approval_code: approvalCode(),
      });
    else await this.acquirer.update(id, { status: 'declined', reason: 'blik_declined' });
    return this.acquirer.byId(id).then((r) => r ?? null);
  }
}

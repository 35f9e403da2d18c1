import { randomBytes } from 'node:crypto';
import {
  cardBrand,
  cardLast4,
  isExpiryValid,
  isValidCardNumber,
  isValidCvv,
} from '../../../src/domain/validation.ts';

/** What the box office hands a card acquirer. The card lives only in this call's memory. */
export interface ChargeRequest {
  /** Agorot. */
  amount: number;
  currency: 'ILS';
  card: { number: string; expiry: string; cvv: string; holderId: string };
  numberOfPayments: number;
  /** The acquirer's idempotency key: the same reference never charges twice. */
  reference: string;
  description: string;
}

export type ChargeResult =
  | {
      approved: true;
      transactionId: string;
      approvalCode: string;
      brand: string;
      last4: string;
    }
  | {
      approved: false;
      transactionId: string;
      reason: 'declined' | 'insufficient_funds' | 'card_expired' | 'invalid_card';
      brand: string;
      last4: string;
    };

/**
 * A card acquirer. A real one (hosted fields, 3DS, redirect) implements the same two calls; it may
 * throw `PaymentUnavailableError` when it cannot be reached.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gives a charge back: in full (an order that could not be recorded after the charge), or the
   * `amount` given (a cancellation less its fee). The same `reference` never refunds twice.
   */
  refund(transactionId: string, part?: { amount: number; reference: string }): Promise<void>;
}

export class PaymentUnavailableError extends Error {
  constructor(message = 'the card acquirer did not answer') {
    super(message);
    this.name = 'PaymentUnavailableError';
  }
}

/** Test cards of the sandbox, listed in the README. Any other valid card number is approved. */
export const SANDBOX_CARDS = {
  approveVisa: '4111111111111111',
  approveMastercard: '5555555555554444',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** The acquirer does not answer (errorNoResponse). */
  unavailable: '4000000000000119',
} as const;

export interface SandboxCharge {
  transactionId: string;
  reference: string;
  amount: number;
  numberOfPayments: number;
  approved: boolean;
  refunded: boolean;
  last4: string;
}

export interface SandboxRefund {
  transactionId: string;
  amount: number;
  reference: string;
}

/**
 * The built-in sandbox acquirer: behaves like a real one (checks the card, approves or declines by
 * test number, is idempotent by reference, refunds) and keeps its ledger in memory, as an acquirer
 * would on its side. It never keeps the card number or CVV: only the last four digits.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly ledger = new Map<string, { charge: SandboxCharge; result: ChargeResult }>();

  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const earlier = this.ledger.get(req.reference);
    if (earlier) return earlier.result;
    const digits = req.card.number.replace(/\D/g, '');
    if (digits === SANDBOX_CARDS.unavailable) throw new PaymentUnavailableError();
    const transactionId = `sbx_${randomBytes(10).toString('hex')}`;
    const brand = cardBrand(digits);
    const last4 = cardLast4(digits);
    let result: ChargeResult;
    if (!isValidCardNumber(digits) || !isValidCvv(req.card.cvv)) {
      result = { approved: false, transactionId, reason: 'invalid_card', brand, last4 };
    } else if (!isExpiryValid(req.card.expiry, new Date(this.now()))) {
      result = { approved: false, transactionId, reason: 'card_expired', brand, last4 };
    } else if (digits === SANDBOX_CARDS.decline) {
      result = { approved: false, transactionId, reason: 'declined', brand, last4 };
    } else if (digits === SANDBOX_CARDS.insufficientFunds) {
      result = { approved: false, transactionId, reason: 'insufficient_funds', brand, last4 };
    } else {
      const approvalCode = String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000));
      result = { approved: true, transactionId, approvalCode, brand, last4 };
    }
    this.ledger.set(req.reference, {
      charge: {
        transactionId,
        reference: req.reference,
        amount: req.amount,
        numberOfPayments: req.numberOfPayments,
        approved: result.approved,
        refunded: false,
        last4,
      },
      result,
    });
    return result;
  }

  async refund(transactionId: string, part?: { amount: number; reference: string }): Promise<void> {
    if (part) {
      // Charges made before a restart are not in this ledger; the acquirer still knows them.
      if (!this.partialRefunds.some((r) => r.reference === part.reference))
        this.partialRefunds.push({ transactionId, ...part });
      return;
    }
    for (const entry of this.ledger.values()) {
      if (entry.charge.transactionId === transactionId) entry.charge.refunded = true;
    }
  }

  private readonly partialRefunds: SandboxRefund[] = [];

  /** Refunds of part of a charge (cancellations), in the order they were asked. */
  refunds(): SandboxRefund[] {
    return this.partialRefunds.map((r) => ({ ...r }));
  }

  /** The sandbox's ledger: every charge attempt it saw (tests count approved, unrefunded ones). */
  charges(): SandboxCharge[] {
    return [...this.ledger.values()].map((e) => ({ ...e.charge }));
  }
}

import type { Generated } from 'kysely';

/**
 * The built-in sandbox acquirer's own ledger (server/services/payments/sandbox): its transactions,
 * refunds, Blik codes and card tokens, in the box office's database as a real acquirer keeps them in its
 * own. Part of `Database` (types.ts).
 */
export interface SandboxTables {
  sandbox_transactions: {
    id: string;
    reference: string;
    kind: string;
    status: string;
    amount: number;
    number_of_payments: number;
    brand: string | null;
    last4: string | null;
    expiry: string | null;
    approval_code: string | null;
    reason: string | null;
    token: string | null;
    save_card: Generated<number>;
    payer_id: string | null;
    blik_code: string | null;
    /** PayPal: NO_SHIPPING or GET_FROM_FILE (the payer's PayPal address). */
    shipping_preference: string | null;
    return_url: string | null;
    cancel_url: string | null;
    description: string;
    expires_at: number | null;
    refunded_amount: Generated<number>;
    created_at: number;
    updated_at: number;
    /** The currency charged (ISO 4217); refunds of the charge go back in it. */
    currency: Generated<string | null>;
  };
  sandbox_refunds: { reference: string; transaction_id: string; amount: number; created_at: number };
  sandbox_blik_codes: {
    id: string;
    code: string;
    created_at: number;
    expires_at: number;
    transaction_id: string | null;
  };
  sandbox_tokens: {
    token: string;
    brand: string;
    last4: string;
    expiry: string;
    created_at: number;
    is_deleted: Generated<number>;
  };
}

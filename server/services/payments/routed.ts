import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { InitiateRequest, PaymentProvider, ProviderOutcome } from './provider.ts';

/**
 * One provider for cards (Stripe, or the sandbox) and another for PayPal (PayPal's REST API, when the
 * venue has its own PayPal credentials), behind the one interface the checkout knows. A new payment goes
 * by its method; a later call (status, cancel, refund) goes to whichever provider took the payment, as
 * the box office recorded it (`order_payments.method`).
 */
export class RoutedPaymentProvider implements PaymentProvider {
  readonly name: string;
  private readonly db: Kysely<Database>;
  private readonly cards: PaymentProvider;
  private readonly paypal: PaymentProvider;

  constructor(db: Kysely<Database>, providers: { cards: PaymentProvider; paypal: PaymentProvider }) {
    this.db = db;
    this.cards = providers.cards;
    this.paypal = providers.paypal;
    this.name = providers.cards.name;
  }

  parts(): PaymentProvider[] {
    return [this.cards, this.paypal];
  }

  nameOf(method: string): string {
    return method === 'paypal' ? this.paypal.name : this.cards.name;
  }

  private async byReference(reference: string): Promise<PaymentProvider> {
    const row = await this.db
      .selectFrom('order_payments')
      .select('method')
      .where('id', '=', reference)
      .executeTakeFirst();
    return row?.method === 'paypal' ? this.paypal : this.cards;
  }

  initiate(request: InitiateRequest): Promise<ProviderOutcome> {
    return (request.method === 'paypal' ? this.paypal : this.cards).initiate(request);
  }

  async status(reference: string, providerRef?: string | null): Promise<ProviderOutcome | null> {
    return (await this.byReference(reference)).status(reference, providerRef);
  }

  capture(reference: string, approval: { payerId: string; orderId: string }): Promise<ProviderOutcome> {
    return this.paypal.capture(reference, approval);
  }

  async cancel(reference: string, providerRef?: string | null): Promise<void> {
    return (await this.byReference(reference)).cancel(reference, providerRef);
  }

  async refund(providerRef: string, part: { amount: number; reference: string }): Promise<void> {
    const row = await this.db
      .selectFrom('order_payments')
      .select('method')
      .where('provider_ref', '=', providerRef)
      .executeTakeFirst();
    return (row?.method === 'paypal' ? this.paypal : this.cards).refund(providerRef, part);
  }

  deleteToken(token: string): Promise<void> {
    return this.cards.deleteToken(token);
  }
}

import { describe, expect, it, vi } from 'vitest';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import { cart } from '../../state/cart.ts';
import { afterCompletion, keptDetails } from './completion.ts';

const answer = (orderReceivedUrl: string | null) => ({ orderReceivedUrl }) as unknown as CheckoutCompleted;

describe('after an order completes', () => {
  it('keeps the customer details for the next order, without confirmations or the terms', () => {
    const go = vi.fn();
    afterCompletion(
      answer(null),
      {
        firstName: 'Dana',
        email: 'dana@example.com',
        emailConfirmation: 'dana@example.com',
        mobileNumberConfirmation: '050-1234567',
        termsAccepted: true,
      },
      go,
    );
    expect(cart.customerInfo).toEqual({ firstName: 'Dana', email: 'dana@example.com' });
    expect(go).not.toHaveBeenCalled();
  });

  it("takes the customer to the venue's order-received page", () => {
    const go = vi.fn();
    afterCompletion(answer('https://venue.example/thanks?reservation=R1'), {}, go);
    expect(go).toHaveBeenCalledWith('https://venue.example/thanks?reservation=R1');
  });

  it('never follows an address that is not a web page', () => {
    const go = vi.fn();
    afterCompletion(answer('javascript:alert(1)'), {}, go);
    expect(go).not.toHaveBeenCalled();
    expect(keptDetails({ termsAccepted: false })).toEqual({});
  });
});

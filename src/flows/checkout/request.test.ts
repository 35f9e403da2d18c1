import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../api/client.ts';
import type { OrderCustomerInfoBlock } from '../../api/contract/session.ts';
import { fieldProblemParams } from '../../domain/fieldRules.ts';
import { loadConfig } from '../../../server/config.ts';
import { defaultSettings } from '../../../server/settings.ts';
import { emptyCard } from './CardForm.tsx';
import { serverFieldMessages } from './fieldMessage.ts';
import { checkoutProblems, commitBody, followAddress, visibleProblems } from './request.ts';
import type { CheckoutState } from './store.ts';

const settings = defaultSettings(loadConfig({}));
const block = settings.customerInfo.order;
const withBranch: OrderCustomerInfoBlock = {
  ...block,
  fields: { ...block.fields, location: { isIncluded: true, isRequired: true } },
};
const customer = {
  firstName: 'Dana',
  lastName: 'Levi',
  email: 'dana@example.com',
  mobileNumber: '050-1234567',
  termsAccepted: true,
  locationId: 3,
};
const noAddress = { address1: '', city: '', postalCode: '' };

function state(over: Partial<CheckoutState> = {}): CheckoutState {
  return {
    customer,
    delivery: noAddress,
    touched: {},
    method: 'card',
    card: { ...emptyCard },
    cardToken: null,
    saveCard: false,
    savedCardId: null,
    blikCode: '',
    isHold: false,
    vouchers: [],
    submitted: false,
    serverErrors: { form: {}, card: {} },
    paying: false,
    payError: null,
    premiumHoldRefused: false,
    action: null,
    redirecting: false,
    holdLoginOpen: false,
    ...over,
  };
}
const host = (b: OrderCustomerInfoBlock, delivery: boolean) => ({
  lines: () => ({ seats: [], products: [] }),
  returnPath: () => '/order/1',
  needsDelivery: () => delivery,
  block: b,
});

describe('the commit the checkout sends', () => {
  it('sends the branch, in the form and as the cart field, only where the form asks for it', () => {
    const asked = commitBody(state(), host(withBranch, false), settings, 0, 1, false).cart;
    expect(asked.locationId).toBe(3);
    expect(asked.customerInfo.locationId).toBe(3);
    const notAsked = commitBody(state(), host(block, false), settings, 0, 1, false).cart;
    expect(notAsked.locationId).toBeUndefined();
    expect(notAsked.customerInfo).not.toHaveProperty('locationId');
  });

  it('sends the delivery address exactly when a product of the cart is sent by post', () => {
    const delivery = { address1: 'Herzl 1', city: 'Haifa', postalCode: '3303001' };
    const s = state({ delivery });
    expect(commitBody(s, host(block, true), settings, 0, 1, false).cart.deliveryAddress).toEqual(delivery);
    expect(commitBody(s, host(block, false), settings, 0, 1, false).cart).not.toHaveProperty(
      'deliveryAddress',
    );
  });
});

describe("the checkout's messages", () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('checks the delivery address only when it is needed', () => {
    expect(checkoutProblems(state(), block, 0, now, false).form).toEqual({});
    expect(checkoutProblems(state(), block, 0, now, true).form).toEqual({
      'deliveryAddress.address1': { code: 'field_required' },
      'deliveryAddress.city': { code: 'field_required' },
      'deliveryAddress.postalCode': { code: 'field_required' },
    });
  });

  it('shows a field once the customer left it, and every field once they tried to pay', () => {
    const s = state({ customer: { ...customer, firstName: 'D', email: 'x' } });
    const found = checkoutProblems(s, block, 0, now, false);
    expect(visibleProblems(found, { submitted: false, touched: {} }).form).toEqual({});
    expect(visibleProblems(found, { submitted: false, touched: { firstName: true } }).form).toEqual({
      firstName: { code: 'field_min_length', params: { min: 2 } },
    });
    expect(Object.keys(visibleProblems(found, { submitted: true, touched: {} }).form)).toEqual([
      'firstName',
      'email',
    ]);
  });

  it("reads the box office's field problems from a refused commit", () => {
    const params = fieldProblemParams([
      { field: 'city', code: 'field_max_length', params: { max: 40 } },
      { field: 'deliveryAddress.postalCode', code: 'field_digits_only' },
    ]);
    expect(serverFieldMessages(new ApiCallError('formValidation', 400, 'x', params))).toEqual({
      city: { code: 'field_max_length', params: { max: 40 } },
      'deliveryAddress.postalCode': { code: 'field_digits_only' },
    });
    expect(
      serverFieldMessages(new ApiCallError('errorResponse', 402, 'x', { reason: 'declined' })),
    ).toBeNull();
  });
});

describe('the delivery address following the customer address', () => {
  it('copies each part until the customer changes it apart', () => {
    const before = { address1: 'Herzl', city: 'Haifa' };
    const after = { address1: 'Herzl 1', city: 'Haifa Bay', postalCode: '3303001' };
    expect(followAddress({ address1: 'Herzl', city: 'Tel Aviv', postalCode: '' }, before, after)).toEqual({
      address1: 'Herzl 1',
      city: 'Tel Aviv',
      postalCode: '3303001',
    });
  });
});

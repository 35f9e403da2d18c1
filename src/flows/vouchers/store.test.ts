import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { defaultSettings } from '../../../server/settings.ts';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { VoucherOffer, VouchersForSaleAnswer } from '../../api/contract/vouchers.ts';
import { api } from '../../api/endpoints.ts';
import { clearPurchase, purchase, setDonationLine } from '../../state/purchase.ts';
import { createVoucherStore } from './store.ts';

vi.mock('../../api/endpoints.ts', () => ({
  api: { commit: vi.fn(), saveCart: vi.fn(() => Promise.resolve({})) },
}));
const mocked = vi.mocked(api);

const price = (id: number, p: number) => ({
  SystemVoucherPriceId: id,
  Price: p,
  redemptionData: { reference: null, price: p },
});
const offer = (id: number, over: Partial<VoucherOffer>): VoucherOffer => ({
  SystemVoucherId: id,
  SystemVoucherClassId: id,
  SystemVoucherSuperClassId: 1,
  kind: 'fixed',
  name: { en: `Offer ${id}` },
  description: { en: '' },
  benefit: { en: '' },
  terms: null,
  isStoredValue: true,
  uses: 0,
  Prices: [],
  minPrice: null,
  maxPrice: null,
  dates: [],
  validityDays: 365,
  maxQuantity: 10,
  ...over,
});
const forSale: VouchersForSaleAnswer = {
  vouchers: [
    offer(1, { Prices: [price(11, 5000), price(12, 10000)] }),
    offer(2, { kind: 'open', minPrice: 3000, maxPrice: 100000 }),
    offer(3, { isStoredValue: false, uses: 2, Prices: [price(31, 7000)] }),
  ],
  products: [
    { id: 20, name: { en: 'Gift box' }, price: 1500, isDeliveryRequired: true },
    { id: 21, name: { en: 'Card' }, price: 500, isDeliveryRequired: false },
  ],
};

function settings(perVoucher = false) {
  const s = defaultSettings(loadConfig({}));
  s.vouchers.isNextButtonPerVoucher = perVoucher;
  return s;
}

beforeEach(() => {
  vi.stubGlobal('window', { scrollTo: vi.fn(), location: { assign: vi.fn() } });
  clearPurchase('vouchers');
  clearPurchase('donations');
});
afterEach(() => vi.unstubAllGlobals());

describe('the voucher flow store', () => {
  it('refuses to go on with nothing chosen (mustSelectVouchers), then goes to the login', () => {
    const store = createVoucherStore(settings(), forSale);
    store.next();
    expect(store.state.notice).toEqual({ key: 'errors.mustSelectVouchers' });
    expect(store.state.step).toBe('choose');
    store.choosePrice(forSale.vouchers[0]!, 12);
    expect(store.state.notice).toBeNull();
    expect(store.lineOf(forSale.vouchers[0]!).quantity).toBe(1);
    store.next();
    expect(store.state.step).toBe('auth');
  });

  it('holds back an open price out of bounds, with the bounds', () => {
    const store = createVoucherStore(settings(), forSale);
    store.setAmount(forSale.vouchers[1]!, 2000);
    store.next();
    expect(store.state.step).toBe('choose');
    expect(store.problemOf(2)).toEqual({
      key: 'errors.voucher_price_out_of_range',
      money: { min: 3000, max: 100000 },
    });
  });

  it('a voucher’s own next button buys that voucher alone, taking its only price', () => {
    const store = createVoucherStore(settings(true), forSale);
    store.choosePrice(forSale.vouchers[0]!, 11);
    store.nextWith(forSale.vouchers[2]!);
    expect(store.state.step).toBe('auth');
    expect(store.host().lines().vouchers).toEqual([{ id: 3, priceId: 31, quantity: 1 }]);
  });

  it('hands the checkout vouchers and shop products; a product by post asks for an address', () => {
    const store = createVoucherStore(settings(), forSale);
    store.setAmount(forSale.vouchers[1]!, 15000);
    store.setQuantity(forSale.vouchers[0]!, 2);
    store.choosePrice(forSale.vouchers[0]!, 11);
    store.setProductQuantity(forSale.products[1]!, 1);
    expect(store.host().needsDelivery()).toBe(false);
    store.setProductQuantity(forSale.products[0]!, 1);
    expect(store.host().needsDelivery()).toBe(true);
    expect(store.host().lines()).toEqual({
      vouchers: [
        { id: 2, amount: 15000, quantity: 1 },
        { id: 1, priceId: 11, quantity: 2 },
      ],
      products: [
        { id: 21, selectedQuantity: 1 },
        { id: 20, selectedQuantity: 1 },
      ],
    });
    expect(store.total()).toBe(15000 + 2 * 5000 + 500 + 1500);
  });

  it('starting a voucher cart empties a donation cart and says so', () => {
    setDonationLine({
      fundId: 1,
      code: 'F',
      name: { en: 'Fund' },
      amountId: 11,
      amount: 1800,
      custom: false,
      quantity: 1,
    });
    const store = createVoucherStore(settings(), forSale);
    store.choosePrice(forSale.vouchers[0]!, 11);
    expect(purchase.donations).toEqual([]);
    expect(purchase.cleared).toBe('donations');
  });

  it('a completed order empties the voucher cart and shows the confirmation', async () => {
    const store = createVoucherStore(settings(), forSale);
    store.choosePrice(forSale.vouchers[0]!, 12);
    store.next();
    store.forward('auth');
    store.forward('products');
    expect(store.state.step).toBe('payment');
    const answer = { status: 'completed', orderReceivedUrl: null } as unknown as CheckoutCompleted;
    mocked.commit.mockResolvedValueOnce(answer);
    store.checkout.editCustomer({
      firstName: 'Dana',
      lastName: 'Levi',
      email: 'dana@example.com',
      termsAccepted: true,
    });
    store.checkout.editCard({
      ...store.checkout.state.card,
      number: '4111111111111111',
      expiry: '12/39',
      cvv: '123',
      holderId: '123456782',
    });
    await store.checkout.pay();
    expect(mocked.commit).toHaveBeenCalledOnce();
    const body = mocked.commit.mock.calls[0]![0];
    expect(body.cart.vouchers).toEqual([{ id: 1, priceId: 12, quantity: 1 }]);
    expect(body.returnPath).toMatch(/^\/digital\?language=/);
    expect(store.state.step).toBe('confirmation');
    expect(purchase.vouchers).toEqual([]);
  });

  it('sends the gift with the cart only for gift cards, and an unfinished gift stops the payment', () => {
    const store = createVoucherStore(settings(), forSale);
    store.choosePrice(forSale.vouchers[0]!, 12);
    expect(store.canGift()).toBe(true);
    store.setGift({ on: true, recipientName: 'Noa', recipientEmail: 'noa@' });
    expect(store.host().blocked?.()).toBe('vouchers.gift.fixProblems');
    store.setGift({ recipientEmail: 'noa@example.com', message: 'Happy birthday' });
    expect(store.host().blocked?.()).toBeNull();
    expect(store.host().lines().gift).toMatchObject({
      recipientName: 'Noa',
      recipientEmail: 'noa@example.com',
      message: 'Happy birthday',
      deliverOn: store.giftWindow().first,
    });
    // A ticket voucher in the order: it is not sent as a gift.
    store.setQuantity(forSale.vouchers[2]!, 1);
    expect(store.canGift()).toBe(false);
    expect(store.host().lines().gift).toBeUndefined();
    expect(store.host().blocked?.()).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { defaultSettings } from '../../server/settings.ts';
import { purchaseBlock, purchaseKindOf } from './purchaseBlock.ts';

const { customerInfo } = defaultSettings(loadConfig({}));
const seat = [{}];
const line = [{}];

describe('purchaseKindOf', () => {
  it('names a voucher cart, a cart of donations only, and every other cart an order', () => {
    expect(purchaseKindOf({ vouchers: line })).toBe('vouchers');
    expect(purchaseKindOf({ vouchers: line, products: line })).toBe('vouchers');
    expect(purchaseKindOf({ donations: line })).toBe('donations');
    expect(purchaseKindOf({ donations: line, seats: seat })).toBe('order');
    expect(purchaseKindOf({ seats: seat, products: line })).toBe('order');
    expect(purchaseKindOf({})).toBe('order');
  });
});

describe('purchaseBlock', () => {
  it('keeps the order block for an order', () => {
    expect(purchaseBlock(customerInfo, 'order')).toBe(customerInfo.order);
  });

  it("takes the flow block's fields with the order's terms and no confirmations", () => {
    const vouchers = purchaseBlock(
      { ...customerInfo, order: { ...customerInfo.order, isVerifyEmail: true, isTermsConfirmed: true } },
      'vouchers',
    );
    expect(vouchers.fields).toEqual(customerInfo.orderSystemVouchers.fields);
    expect(vouchers.fields.mobileNumber.isRequired).toBe(false);
    expect(vouchers).toMatchObject({
      isVerifyEmail: false,
      isVerifyMobileNumber: false,
      isTermsRequired: customerInfo.order.isTermsRequired,
      isTermsConfirmed: true,
    });
    expect(purchaseBlock(customerInfo, 'donations').fields).toEqual(customerInfo.orderDonations.fields);
  });
});

import { describe, expect, it } from 'vitest';
import { maskGiftCard } from './giftCard.ts';

describe('maskGiftCard', () => {
  it('keeps only the last four letters or digits of a code', () => {
    expect(maskGiftCard('ABCD-EFGH-JK7Q')).toBe('••••JK7Q');
    expect(maskGiftCard('gift-150-sandbox')).toBe('••••DBOX');
  });

  it('never shows more than half of a short code', () => {
    expect(maskGiftCard('AB12')).toBe('••••12');
    expect(maskGiftCard('A')).toBe('••••');
  });

  it('leaves a code masked already as it is', () => {
    expect(maskGiftCard(maskGiftCard('ABCD-EFGH-JK7Q'))).toBe('••••JK7Q');
  });
});

import type { LocalizedText } from '../../src/api/contract/common.ts';

/** Voucher classes beyond the three the customers' seed made (1 cinema ticket, 2 gift card, 3 popcorn). */
export const VOUCHER_CLASS = {
  cinemaTicket: 1,
  giftCard: 2,
  twoMovies: 4,
  newYearConcert: 5,
} as const;

export const VOUCHER_OFFER = { giftCard: 1, openGiftCard: 2, twoMovies: 3, newYearConcert: 4 } as const;
export const DONATION_FUND = { youngMusicians: 1 } as const;
export const PARTNER = { hever: 1, teachers: 2 } as const;
/** Voucher-shop products (ids after the catalogue's). */
export const SHOP_PRODUCT = { giftBox: 20, greetingCard: 21 } as const;

/** A hidden price the demo unlocks with a code at every cinema showing. */
export const DEMO_PRICE_CODE = 'FRIENDS26';
/** Card numbers the demo's partner programs accept (any number of the pattern works). */
export const DEMO_PARTNER_CARDS = { hever: '458012345678', teachers: '77123456' } as const;

/**
 * Ticket vouchers with known codes, to try ticket codes in the sandbox (listed in the README), owned by
 * the box office's gift-card buyer like the demo gift cards.
 */
export const DEMO_TICKET_VOUCHERS = [
  { reference: 'MOVIE2-SANDBOX', classId: VOUCHER_CLASS.twoMovies, uses: 2, left: 2, expired: false },
  { reference: 'MOVIE1-SANDBOX', classId: VOUCHER_CLASS.cinemaTicket, uses: 1, left: 1, expired: false },
  { reference: 'MOVIE-USED-SANDBOX', classId: VOUCHER_CLASS.cinemaTicket, uses: 1, left: 0, expired: false },
  { reference: 'MOVIE-OLD-SANDBOX', classId: VOUCHER_CLASS.cinemaTicket, uses: 1, left: 1, expired: true },
] as const;

export const t = (he: string, en: string, ru: string, ar: string, pl: string): LocalizedText => ({
  he,
  en,
  ru,
  ar,
  pl,
});

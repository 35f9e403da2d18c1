/** The demo's memberships (1–3 were made with the customers' seed; 4–8 by the memberships' seed). */
export const MEMBERSHIP = {
  friends: 1,
  cinemaClub: 2,
  hadarPoints: 3,
  seriesClassics: 4,
  seriesRomantic: 5,
  seriesChamber: 6,
  season: 7,
  seasonFlex: 8,
} as const;

/** Order page codes: `/membership/{code}`. */
export const MEMBERSHIP_CODE = {
  friends: 'FRIENDS',
  cinemaClub: 'CINEMA10',
  seriesClassics: 'SERIES-CLASSICS',
  seriesRomantic: 'SERIES-ROMANTIC',
  seriesChamber: 'SERIES-CHAMBER',
  season: 'SEASON-2027',
  seasonFlex: 'SEASON-FLEX',
} as const;

/** Membership prices; the hidden ones are shown to who has their price code. */
export const MEMBERSHIP_PRICE = {
  friends: 101,
  /** Price code YOUNG26, asks for a student card number. */
  friendsYoung: 102,
  /** Price code ABROAD, in euros (mixing it with a shekel price is refused). */
  friendsAbroad: 103,
  /** Comes with a cinema ticket voucher (SystemVoucherReference). */
  friendsWithVoucher: 104,
  /** Price code EARLY: the early-bird discount. */
  friendsEarly: 105,
  cinemaClub: 201,
  /** Adds 10 tickets to a member's balance. */
  cinemaTopUp: 202,
  /** Renews an ending membership. */
  cinemaRenewal: 203,
  friendsRenewal: 106,
  seriesClassics: 401,
  seriesRomantic: 501,
  seriesChamber: 601,
} as const;

export const MEMBERSHIP_PRICE_CODE = { young: 'YOUNG26', abroad: 'ABROAD', early: 'EARLY' } as const;
export const MEMBERSHIP_TERMS = { friends: 1, cinemaClub: 2 } as const;
export const MEMBERSHIP_DISCOUNT = { earlyBird: 1 } as const;

export const SEASON = { previous: 1, current: 2 } as const;
/** The season's ten concerts: 8001–8006 required, 8007–8010 optional (two of them are chosen). */
export const SEASON_PRESENTATIONS = [8001, 8002, 8003, 8004, 8005, 8006, 8007, 8008, 8009, 8010] as const;
export const SEASON_REQUIRED = 6;
export const SEASON_OPTIONAL_CHOICES = 2;
/** The series memberships' concerts (each membership carries a seat in its three). */
export const SERIES_PRESENTATIONS: Record<number, readonly number[]> = {
  [MEMBERSHIP.seriesClassics]: [8001, 8004, 8007],
  [MEMBERSHIP.seriesRomantic]: [8002, 8005, 8008],
  [MEMBERSHIP.seriesChamber]: [8003, 8006, 8009],
};

/** Member tickets: ticket group id × 100 + 70 (Friends price), + 71 (club ticket), + 72 (points ticket). */
export const MEMBER_TICKET = { friends: 70, club: 71, points: 72 } as const;

/** Avi's running cinema club membership (10 tickets, 2 used), made by the memberships' seed. */
export const DEMO_CLUB_MEMBER = '7201';
/** Dana's running Hadar Club points membership (1,200 points). */
export const DEMO_POINTS_MEMBER = '7202';

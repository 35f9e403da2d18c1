import type { LocalizedText } from '../../src/api/contract/common.ts';
import type { LockTimer } from '../../src/api/contract/presentations.ts';
import type { Seatplan } from '../../src/api/contract/seatplan.ts';
import type { VenueAddress } from '../../src/api/contract/venueAddress.ts';
import {
  arenaPlan,
  cinemaHallPlan,
  concertHallPlan,
  generalAdmissionPlan,
  orchestraHallPlan,
} from './seatplans.ts';

/**
 * The demo catalogue: venues, halls, price levels with their ticket types, products and features.
 * Names are fictional. Prices in agorot.
 */

export interface VenueSeed {
  id: number;
  name: LocalizedText;
  venueTypeId: number;
  /** Where the venue is (fictional, as the names); none for video on demand, which is watched at home. */
  address?: VenueAddress;
}
export interface SeatplanSeed {
  id: number;
  venueId: number;
  hallName: LocalizedText;
  plan: () => Seatplan;
}
export interface TicketSeed {
  name: LocalizedText;
  code: string;
  price: number;
  oldPrice?: number;
  multiplyFactor?: number;
  minQuantity?: number;
  maxQuantity?: number;
  /** Sold only with at least one ticket of the group's first type (a child with an adult). */
  requiresFirst?: boolean;
  /** Tickets of this type for sale per presentation. */
  quota?: number;
}
export interface TicketGroupSeed {
  id: number;
  name: LocalizedText;
  tickets: TicketSeed[];
}
export interface FeatureSeed {
  id: number;
  title: LocalizedText;
  category: 'movie' | 'concert' | 'orchestra' | 'sport' | 'show' | 'video';
  language: string | null;
  dubbing: string | null;
  subtitles: string | null;
  durationMinutes: number;
}

export const VENUE = { cinema: 1, musicHall: 2, philharmonic: 3, arena: 4, club: 5, vod: 6 } as const;
export const PLAN = {
  cinema1: 11,
  cinema2: 12,
  cinema3: 13,
  musicHall: 21,
  philharmonic: 31,
  arena: 41,
  club: 51,
  vod: 61,
} as const;
export const TG = {
  cinemaRegular: 1,
  cinemaPremium: 2,
  cinemaSofa: 3,
  hallA: 11,
  hallB: 12,
  hallC: 13,
  hallD: 14,
  orchestraA: 21,
  orchestraB: 22,
  orchestraC: 23,
  arena1: 31,
  arena2: 32,
  arena3: 33,
  arena4: 34,
  arena5: 35,
  standing: 41,
  vod: 51,
} as const;

export const venues: VenueSeed[] = [
  {
    id: VENUE.cinema,
    name: { he: 'קולנוע הדר', en: 'Hadar Cinema' },
    venueTypeId: 1,
    address: {
      street: {
        he: 'רחוב הרצל 54',
        en: '54 Herzl St',
        ru: 'ул. Герцль, 54',
        ar: 'شارع هرتسل 54',
        pl: 'ul. Herzla 54',
      },
      city: { he: 'חיפה', en: 'Haifa', ru: 'Хайфа', ar: 'حيفا', pl: 'Hajfa' },
      postalCode: '3303554',
      country: 'IL',
    },
  },
  {
    id: VENUE.musicHall,
    name: { he: 'היכל המוזיקה', en: 'Music Hall' },
    venueTypeId: 2,
    address: {
      street: {
        he: 'שדרות רוטשילד 30',
        en: '30 Rothschild Blvd',
        ru: 'бульвар Ротшильд, 30',
        ar: 'جادة روتشيلد 30',
        pl: 'Bulwar Rothschilda 30',
      },
      city: {
        he: 'תל אביב-יפו',
        en: 'Tel Aviv-Yafo',
        ru: 'Тель-Авив-Яффо',
        ar: 'تل أبيب - يافا',
        pl: 'Tel Awiw-Jafa',
      },
      postalCode: '6688312',
      country: 'IL',
    },
  },
  {
    id: VENUE.philharmonic,
    name: { he: 'אולם הפילהרמונית', en: 'Philharmonic Hall' },
    venueTypeId: 3,
    address: {
      street: {
        he: 'רחוב המלך דוד 12',
        en: '12 King David St',
        ru: 'ул. Царя Давида, 12',
        ar: 'شارع الملك داود 12',
        pl: 'ul. Króla Dawida 12',
      },
      city: { he: 'ירושלים', en: 'Jerusalem', ru: 'Иерусалим', ar: 'القدس', pl: 'Jerozolima' },
      postalCode: '9410112',
      country: 'IL',
    },
  },
  {
    id: VENUE.arena,
    name: { he: 'פארק ארנה', en: 'Park Arena' },
    venueTypeId: 4,
    address: {
      street: {
        he: 'שדרות בן גוריון 8',
        en: '8 Ben Gurion Blvd',
        ru: 'бульвар Бен-Гурион, 8',
        ar: 'جادة بن غوريون 8',
        pl: 'Bulwar Ben Guriona 8',
      },
      city: { he: 'באר שבע', en: 'Beersheba', ru: 'Беэр-Шева', ar: 'بئر السبع', pl: 'Beer Szewa' },
      postalCode: '8489308',
      country: 'IL',
    },
  },
  {
    id: VENUE.club,
    name: { he: 'החצר', en: 'The Yard' },
    venueTypeId: 5,
    address: {
      street: {
        he: 'רחוב יפת 21',
        en: '21 Yefet St',
        ru: 'ул. Йефет, 21',
        ar: 'شارع يافت 21',
        pl: 'ul. Jefet 21',
      },
      city: {
        he: 'תל אביב-יפו',
        en: 'Tel Aviv-Yafo',
        ru: 'Тель-Авив-Яффо',
        ar: 'تل أبيب - يافا',
        pl: 'Tel Awiw-Jafa',
      },
      postalCode: '6803821',
      country: 'IL',
    },
  },
  { id: VENUE.vod, name: { he: 'צפייה ביתית', en: 'Watch at home' }, venueTypeId: 101 },
];

export const seatplans: SeatplanSeed[] = [
  {
    id: PLAN.cinema1,
    venueId: VENUE.cinema,
    hallName: { he: 'אולם 1', en: 'Hall 1' },
    plan: () =>
      cinemaHallPlan(
        { venueId: VENUE.cinema, seatplanId: PLAN.cinema1, name: 'Hall 1' },
        {
          rows: 12,
          seatsPerRow: 16,
          levels: { regular: TG.cinemaRegular, premium: TG.cinemaPremium, sofa: TG.cinemaSofa },
          variant: 'sofas',
        },
      ),
  },
  {
    id: PLAN.cinema2,
    venueId: VENUE.cinema,
    hallName: { he: 'אולם 2', en: 'Hall 2' },
    plan: () =>
      cinemaHallPlan(
        { venueId: VENUE.cinema, seatplanId: PLAN.cinema2, name: 'Hall 2' },
        { rows: 10, seatsPerRow: 14, levels: { regular: TG.cinemaRegular }, variant: 'standard' },
      ),
  },
  {
    id: PLAN.cinema3,
    venueId: VENUE.cinema,
    hallName: { he: 'אולם 3 VIP', en: 'Hall 3 VIP' },
    plan: () =>
      cinemaHallPlan(
        { venueId: VENUE.cinema, seatplanId: PLAN.cinema3, name: 'Hall 3' },
        {
          rows: 9,
          seatsPerRow: 12,
          levels: { regular: TG.cinemaRegular, premium: TG.cinemaPremium },
          variant: 'premium-row',
        },
      ),
  },
  {
    id: PLAN.musicHall,
    venueId: VENUE.musicHall,
    hallName: { he: 'האולם הגדול', en: 'Main Hall' },
    plan: () =>
      concertHallPlan({ venueId: VENUE.musicHall, seatplanId: PLAN.musicHall, name: 'Main Hall' }, [
        TG.hallA,
        TG.hallB,
        TG.hallC,
        TG.hallD,
      ]),
  },
  {
    id: PLAN.philharmonic,
    venueId: VENUE.philharmonic,
    hallName: { he: 'אולם הקונצרטים', en: 'Concert Hall' },
    plan: () =>
      orchestraHallPlan(
        { venueId: VENUE.philharmonic, seatplanId: PLAN.philharmonic, name: 'Concert Hall' },
        [TG.orchestraA, TG.orchestraB, TG.orchestraC],
      ),
  },
  {
    id: PLAN.arena,
    venueId: VENUE.arena,
    hallName: { he: 'הזירה', en: 'Arena' },
    plan: () =>
      arenaPlan({ venueId: VENUE.arena, seatplanId: PLAN.arena, name: 'Arena' }, [
        TG.arena1,
        TG.arena2,
        TG.arena3,
        TG.arena4,
        TG.arena5,
      ]),
  },
  {
    id: PLAN.club,
    venueId: VENUE.club,
    hallName: { he: 'רחבת העמידה', en: 'Standing floor' },
    plan: () =>
      generalAdmissionPlan(
        { venueId: VENUE.club, seatplanId: PLAN.club, name: 'Standing' },
        TG.standing,
        400,
      ),
  },
  {
    id: PLAN.vod,
    venueId: VENUE.vod,
    hallName: { he: 'סטרימינג', en: 'Streaming' },
    plan: () => ({ venueId: VENUE.vod, seatplanId: PLAN.vod, name: 'Streaming', width: 0, height: 0, S: [] }),
  },
];

const T = {
  regular: { he: 'רגיל', en: 'Regular', ru: 'Обычный', ar: 'عادي', pl: 'Normalny' },
  student: { he: 'סטודנט', en: 'Student', ru: 'Студенческий', ar: 'طالب', pl: 'Studencki' },
  senior: { he: 'אזרח ותיק', en: 'Senior citizen', ru: 'Пенсионер', ar: 'مسن', pl: 'Senior' },
  child: { he: 'ילד', en: 'Child', ru: 'Детский', ar: 'طفل', pl: 'Dziecięcy' },
  couple: {
    he: 'זוגי (2 מושבים)',
    en: 'Couple (2 seats)',
    ru: 'Парный (2 места)',
    ar: 'زوجي (مقعدان)',
    pl: 'Para (2 miejsca)',
  },
  standing: { he: 'כניסה כללית', en: 'General admission', ru: 'Входной', ar: 'دخول عام', pl: 'Wstęp ogólny' },
  rental: {
    he: 'השכרה ל-48 שעות',
    en: '48-hour rental',
    ru: 'Аренда на 48 часов',
    ar: 'تأجير 48 ساعة',
    pl: 'Wypożyczenie 48 h',
  },
} satisfies Record<string, LocalizedText>;

/** Regular, student, senior and child tickets for one price level (discounts rounded to whole shekels). */
function standardTickets(price: number): TicketSeed[] {
  const pct = (p: number) => Math.round((price * p) / 10000) * 100;
  return [
    { name: T.regular, code: 'REG', price },
    { name: T.student, code: 'STU', price: pct(85), oldPrice: price, quota: 40 },
    { name: T.senior, code: 'SEN', price: pct(50), oldPrice: price },
    { name: T.child, code: 'CHD', price: pct(75), oldPrice: price, maxQuantity: 6, requiresFirst: true },
  ];
}

function level(letter: string): LocalizedText {
  return {
    he: `מחיר ${letter}`,
    en: `Price level ${letter}`,
    ru: `Категория ${letter}`,
    ar: `فئة ${letter}`,
    pl: `Strefa ${letter}`,
  };
}

export const ticketGroups: TicketGroupSeed[] = [
  {
    id: TG.cinemaRegular,
    name: { he: 'רגיל', en: 'Standard', ru: 'Стандарт', ar: 'عادي', pl: 'Standard' },
    tickets: standardTickets(4200),
  },
  {
    id: TG.cinemaPremium,
    name: { he: 'פרימיום', en: 'Premium', ru: 'Премиум', ar: 'مميز', pl: 'Premium' },
    tickets: standardTickets(6500),
  },
  {
    id: TG.cinemaSofa,
    name: {
      he: 'ספת זוג',
      en: 'Love seat',
      ru: 'Диван для двоих',
      ar: 'أريكة زوجية',
      pl: 'Kanapa dla dwojga',
    },
    tickets: [
      { name: T.regular, code: 'REG', price: 5200 },
      { name: T.couple, code: 'CPL', price: 9800, multiplyFactor: 2 },
    ],
  },
  { id: TG.hallA, name: level('A'), tickets: standardTickets(32000) },
  { id: TG.hallB, name: level('B'), tickets: standardTickets(24000) },
  { id: TG.hallC, name: level('C'), tickets: standardTickets(16000) },
  { id: TG.hallD, name: level('D'), tickets: standardTickets(9000) },
  { id: TG.orchestraA, name: level('A'), tickets: standardTickets(28000) },
  { id: TG.orchestraB, name: level('B'), tickets: standardTickets(19000) },
  { id: TG.orchestraC, name: level('C'), tickets: standardTickets(12000) },
  { id: TG.arena1, name: level('1'), tickets: standardTickets(45000) },
  { id: TG.arena2, name: level('2'), tickets: standardTickets(35000) },
  { id: TG.arena3, name: level('3'), tickets: standardTickets(26000) },
  { id: TG.arena4, name: level('4'), tickets: standardTickets(18000) },
  { id: TG.arena5, name: level('5'), tickets: standardTickets(12000) },
  {
    id: TG.standing,
    name: T.standing,
    tickets: [
      { name: T.standing, code: 'GA', price: 15000 },
      { name: T.student, code: 'STU', price: 12000, oldPrice: 15000 },
    ],
  },
  { id: TG.vod, name: T.rental, tickets: [{ name: T.rental, code: 'VOD', price: 3900 }] },
];

export const PRODUCT = {
  popcornL: 1,
  popcornM: 2,
  drink: 3,
  water: 4,
  glasses3d: 5,
  programme: 6,
  parking: 7,
  programmeBook: 8,
};

export const products: { id: number; name: LocalizedText; price: number; isDeliveryRequired?: boolean }[] = [
  {
    id: PRODUCT.popcornL,
    name: {
      he: 'פופקורן גדול',
      en: 'Large popcorn',
      ru: 'Большой попкорн',
      ar: 'فشار كبير',
      pl: 'Duży popcorn',
    },
    price: 3200,
  },
  {
    id: PRODUCT.popcornM,
    name: {
      he: 'פופקורן בינוני',
      en: 'Medium popcorn',
      ru: 'Средний попкорн',
      ar: 'فشار وسط',
      pl: 'Średni popcorn',
    },
    price: 2600,
  },
  {
    id: PRODUCT.drink,
    name: { he: 'שתייה קלה', en: 'Soft drink', ru: 'Газировка', ar: 'مشروب غازي', pl: 'Napój' },
    price: 1400,
  },
  {
    id: PRODUCT.water,
    name: { he: 'בקבוק מים', en: 'Bottle of water', ru: 'Бутылка воды', ar: 'زجاجة ماء', pl: 'Butelka wody' },
    price: 800,
  },
  {
    id: PRODUCT.glasses3d,
    name: {
      he: 'משקפי תלת-ממד',
      en: '3D glasses',
      ru: '3D-очки',
      ar: 'نظارات ثلاثية الأبعاد',
      pl: 'Okulary 3D',
    },
    price: 500,
  },
  {
    id: PRODUCT.programme,
    name: {
      he: 'תוכנייה',
      en: 'Concert programme',
      ru: 'Программка',
      ar: 'كتيّب الحفل',
      pl: 'Program koncertu',
    },
    price: 2000,
  },
  {
    id: PRODUCT.parking,
    name: { he: 'חניה', en: 'Parking', ru: 'Парковка', ar: 'موقف سيارات', pl: 'Parking' },
    price: 3000,
  },
  // Sent by post after the concert: the checkout asks for a delivery address.
  {
    id: PRODUCT.programmeBook,
    name: {
      he: 'ספר התוכניות של העונה (במשלוח)',
      en: 'Season programme book (by post)',
      ru: 'Буклет сезона (доставка почтой)',
      ar: 'كتيّب برامج الموسم (بالبريد)',
      pl: 'Książka programowa sezonu (wysyłka pocztą)',
    },
    price: 4500,
    isDeliveryRequired: true,
  },
];

export const features: FeatureSeed[] = [
  {
    id: 1,
    title: { he: 'שומר המגדלור', en: 'The Lighthouse Keeper' },
    category: 'movie',
    language: 'en',
    dubbing: null,
    subtitles: 'he',
    durationMinutes: 118,
  },
  {
    id: 2,
    title: { he: 'מסע בין הכוכבים 3D', en: 'Star Voyagers 3D' },
    category: 'movie',
    language: 'en',
    dubbing: 'he',
    subtitles: null,
    durationMinutes: 95,
  },
  {
    id: 3,
    title: { he: 'קיץ ביפו', en: 'Summer in Jaffa' },
    category: 'movie',
    language: 'he',
    dubbing: null,
    subtitles: 'en',
    durationMinutes: 104,
  },
  {
    id: 4,
    title: { he: 'רכבת חצות', en: 'The Midnight Train' },
    category: 'movie',
    language: 'fr',
    dubbing: null,
    subtitles: 'he',
    durationMinutes: 126,
  },
  {
    id: 5,
    title: { he: 'נועה לוי — סיבוב הופעות הקיץ', en: 'Noa Levi — Summer Tour' },
    category: 'concert',
    language: 'he',
    dubbing: null,
    subtitles: null,
    durationMinutes: 120,
  },
  {
    id: 6,
    title: { he: 'בטהובן: הסימפוניה התשיעית', en: 'Beethoven: Symphony No. 9' },
    category: 'orchestra',
    language: null,
    dubbing: null,
    subtitles: null,
    durationMinutes: 75,
  },
  {
    id: 7,
    title: { he: 'מאהלר: הסימפוניה החמישית', en: 'Mahler: Symphony No. 5' },
    category: 'orchestra',
    language: null,
    dubbing: null,
    subtitles: null,
    durationMinutes: 80,
  },
  {
    id: 8,
    title: { he: 'דרבי העיר — כדורסל', en: 'City Derby — Basketball' },
    category: 'sport',
    language: null,
    dubbing: null,
    subtitles: null,
    durationMinutes: 120,
  },
  {
    id: 9,
    title: { he: 'לילה באצטדיון — הופעה חיה', en: 'Arena Night — Live' },
    category: 'concert',
    language: 'he',
    dubbing: null,
    subtitles: null,
    durationMinutes: 150,
  },
  {
    id: 10,
    title: { he: 'ערב סטנדאפ פתוח', en: 'Open Mic Comedy Night' },
    category: 'show',
    language: 'he',
    dubbing: null,
    subtitles: null,
    durationMinutes: 90,
  },
  {
    id: 11,
    title: { he: 'שומר המגדלור — צפייה ביתית', en: 'The Lighthouse Keeper — Watch at Home' },
    category: 'video',
    language: 'en',
    dubbing: null,
    subtitles: 'he',
    durationMinutes: 118,
  },
];

export const cinemaLockTimer: LockTimer = {
  chooseSeatsInSeconds: 480,
  chooseTicketsInSeconds: 240,
  customerInfoInSeconds: 480,
  chooseProductsInSeconds: 240,
};
export const eventLockTimer: LockTimer = {
  chooseSeatsInSeconds: 600,
  chooseTicketsInSeconds: 300,
  customerInfoInSeconds: 600,
  chooseProductsInSeconds: 300,
};

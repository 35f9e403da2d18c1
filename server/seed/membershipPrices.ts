import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import {
  MEMBERSHIP,
  MEMBERSHIP_DISCOUNT,
  MEMBERSHIP_PRICE,
  MEMBERSHIP_PRICE_CODE,
  MEMBERSHIP_TERMS,
} from './membershipIds.ts';
import { VOUCHER_CLASS, t } from './voucherIds.ts';

type Trx = Transaction<Database>;
const json = JSON.stringify;

/** The memberships' prices: public ones, hidden ones by price code, in euros, with a voucher, a discount. */
export async function seedMembershipPrices(trx: Trx) {
  const refs = json([
    {
      id: 'studentCard',
      label: t(
        'מספר תעודת סטודנט',
        'Student card number',
        'Номер студенческого',
        'رقم بطاقة الطالب',
        'Numer legitymacji',
      ),
      pattern: '^\\d{6,9}$',
    },
  ]);
  const price = (
    id: number,
    membershipId: number,
    name: ReturnType<typeof t>,
    amount: number,
    over: Partial<Insertable<Database['membership_prices']>> = {},
  ): Insertable<Database['membership_prices']> => ({
    id,
    membership_id: membershipId,
    name_json: json(name),
    price_code: null,
    price: amount,
    system_voucher_class_id: null,
    discount_id: null,
    terms_id: null,
    references_json: null,
    currency_code: 'ILS',
    kind: 'new',
    top_up_balance: 0,
    sort: id,
    ...over,
  });
  const friendsTerms = { terms_id: MEMBERSHIP_TERMS.friends };
  await trx
    .insertInto('membership_prices')
    .values([
      price(
        MEMBERSHIP_PRICE.friends,
        MEMBERSHIP.friends,
        t('חבר/ה', 'Member', 'Член клуба', 'عضو', 'Członek'),
        45000,
        friendsTerms,
      ),
      price(
        MEMBERSHIP_PRICE.friendsYoung,
        MEMBERSHIP.friends,
        t(
          'חבר/ה צעיר/ה (סטודנטים)',
          'Young member (students)',
          'Молодой член (студенты)',
          'عضو شاب (طلاب)',
          'Młody członek (studenci)',
        ),
        25000,
        { ...friendsTerms, price_code: MEMBERSHIP_PRICE_CODE.young, references_json: refs },
      ),
      price(
        MEMBERSHIP_PRICE.friendsAbroad,
        MEMBERSHIP.friends,
        t('חבר/ה מחו״ל', 'Member abroad', 'Член из-за рубежа', 'عضو من الخارج', 'Członek zagraniczny'),
        12000,
        { ...friendsTerms, price_code: MEMBERSHIP_PRICE_CODE.abroad, currency_code: 'EUR' },
      ),
      price(
        MEMBERSHIP_PRICE.friendsWithVoucher,
        MEMBERSHIP.friends,
        t(
          'חבר/ה + שובר קולנוע מתנה',
          'Member + a cinema voucher gift',
          'Член + подарочный киноваучер',
          'عضو + قسيمة سينما هدية',
          'Członek + voucher kinowy w prezencie',
        ),
        48000,
        { ...friendsTerms, system_voucher_class_id: VOUCHER_CLASS.cinemaTicket },
      ),
      price(
        MEMBERSHIP_PRICE.friendsEarly,
        MEMBERSHIP.friends,
        t(
          'חבר/ה — הרשמה מוקדמת',
          'Member — early bird',
          'Член — ранняя запись',
          'عضو — تسجيل مبكر',
          'Członek — wczesny zapis',
        ),
        45000,
        {
          ...friendsTerms,
          price_code: MEMBERSHIP_PRICE_CODE.early,
          discount_id: MEMBERSHIP_DISCOUNT.earlyBird,
        },
      ),
      price(
        MEMBERSHIP_PRICE.friendsRenewal,
        MEMBERSHIP.friends,
        t('חידוש חברות', 'Renewal', 'Продление', 'تجديد', 'Odnowienie'),
        40000,
        { ...friendsTerms, kind: 'renewal' },
      ),
      price(
        MEMBERSHIP_PRICE.cinemaClub,
        MEMBERSHIP.cinemaClub,
        t('10 סרטים', '10 films', '10 фильмов', '10 أفلام', '10 filmów'),
        35000,
        { terms_id: MEMBERSHIP_TERMS.cinemaClub },
      ),
      price(
        MEMBERSHIP_PRICE.cinemaTopUp,
        MEMBERSHIP.cinemaClub,
        t(
          'טעינה: 10 סרטים נוספים',
          'Top-up: 10 more films',
          'Пополнение: ещё 10 фильмов',
          'شحن: 10 أفلام إضافية',
          'Doładowanie: 10 filmów',
        ),
        30000,
        { kind: 'topUp', top_up_balance: 10 },
      ),
      price(
        MEMBERSHIP_PRICE.cinemaRenewal,
        MEMBERSHIP.cinemaClub,
        t(
          'חידוש: 10 סרטים',
          'Renewal: 10 films',
          'Продление: 10 фильмов',
          'تجديد: 10 أفلام',
          'Odnowienie: 10 filmów',
        ),
        32000,
        { kind: 'renewal', terms_id: MEMBERSHIP_TERMS.cinemaClub },
      ),
      price(
        MEMBERSHIP_PRICE.seriesClassics,
        MEMBERSHIP.seriesClassics,
        t('מנוי סדרה', 'Series subscription', 'Абонемент серии', 'اشتراك السلسلة', 'Abonament serii'),
        54000,
      ),
      price(
        MEMBERSHIP_PRICE.seriesRomantic,
        MEMBERSHIP.seriesRomantic,
        t('מנוי סדרה', 'Series subscription', 'Абонемент серии', 'اشتراك السلسلة', 'Abonament serii'),
        54000,
      ),
      price(
        MEMBERSHIP_PRICE.seriesChamber,
        MEMBERSHIP.seriesChamber,
        t('מנוי סדרה', 'Series subscription', 'Абонемент серии', 'اشتراك السلسلة', 'Abonament serii'),
        48000,
      ),
    ])
    .execute();
}

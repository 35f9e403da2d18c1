import type { Insertable, Kysely } from 'kysely';
import { addDaysIso, businessDate } from '../../src/domain/venue.ts';
import type { Database } from '../db/types.ts';
import { codeTickets } from './codeTickets.ts';
import {
  DEMO_TICKET_VOUCHERS,
  DONATION_FUND,
  PARTNER,
  SHOP_PRODUCT,
  t,
  VOUCHER_CLASS,
  VOUCHER_OFFER,
} from './voucherIds.ts';

const DAY = 86_400_000;

export * from './voucherIds.ts';

const TERMS = t(
  'השובר אינו ניתן להמרה לכסף. ניתן לממש באתר ובקופות. אובדן השובר באחריות המחזיק.',
  'Not exchangeable for cash. Redeemable online and at the box office. The holder is responsible for a lost voucher.',
  'Ваучер не обменивается на деньги. Действует на сайте и в кассах. За утерю отвечает владелец.',
  'القسيمة غير قابلة للاستبدال نقدًا. تُستخدم عبر الموقع وفي شباك التذاكر. حاملها مسؤول عن فقدانها.',
  'Voucher nie podlega wymianie na gotówkę. Do realizacji online i w kasie. Za zgubiony voucher odpowiada posiadacz.',
);

/** The next New Year's Eve (and the day after) on or after `today`, as the venue's calendar dates. */
function newYearDates(now: number): [string, string] {
  const today = businessDate(now);
  const year = Number(today.slice(0, 4));
  const eve = `${today > `${year}-12-31` ? year + 1 : year}-12-31`;
  return [eve, addDaysIso(eve, 1)];
}

/**
 * The demo's vouchers for sale, donation fund, partner programs and code-unlocked tickets (issue 15).
 * Runs after the catalogue and the customers' seed (their voucher classes); idempotent (a marker row).
 */
export async function seedVouchersForSale(db: Kysely<Database>, now: number): Promise<boolean> {
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'seed_vouchers_for_sale')
    .executeTakeFirst();
  if (marker) return false;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('meta').values({ key: 'seed_vouchers_for_sale', value: '1' }).execute();
    await trx
      .updateTable('system_voucher_classes')
      .set({ uses: 1, terms_json: JSON.stringify(TERMS) })
      .where('id', '=', VOUCHER_CLASS.cinemaTicket)
      .execute();
    await trx
      .updateTable('system_voucher_classes')
      .set({ terms_json: JSON.stringify(TERMS) })
      .where('id', '=', VOUCHER_CLASS.giftCard)
      .execute();
    await trx
      .insertInto('system_voucher_classes')
      .values([
        {
          id: VOUCHER_CLASS.twoMovies,
          name_json: JSON.stringify(
            t(
              'שני כרטיסי קולנוע',
              'Two movie tickets',
              'Два билета в кино',
              'تذكرتا سينما',
              'Dwa bilety do kina',
            ),
          ),
          benefit_json: JSON.stringify(
            t(
              'שני כרטיסים רגילים לכל סרט בדו־ממד',
              'Two regular tickets for any 2D film',
              'Два обычных билета на любой 2D-фильм',
              'تذكرتان عاديتان لأي فيلم ثنائي الأبعاد',
              'Dwa bilety normalne na dowolny film 2D',
            ),
          ),
          is_stored_value: 0,
          uses: 2,
          terms_json: JSON.stringify(TERMS),
        },
        {
          id: VOUCHER_CLASS.newYearConcert,
          name_json: JSON.stringify(
            t(
              'שובר קונצרט השנה החדשה',
              "New Year's concert voucher",
              'Ваучер на новогодний концерт',
              'قسيمة حفل رأس السنة',
              'Voucher na koncert noworoczny',
            ),
          ),
          benefit_json: JSON.stringify(
            t(
              'כרטיס אחד לקונצרט הפילהרמונית בתאריך שנבחר',
              'One ticket to the Philharmonic concert on the date chosen',
              'Один билет на концерт филармонии в выбранную дату',
              'تذكرة واحدة لحفل الفيلهارمونية في التاريخ المختار',
              'Jeden bilet na koncert filharmonii w wybranym dniu',
            ),
          ),
          is_stored_value: 0,
          uses: 1,
          terms_json: JSON.stringify(TERMS),
        },
      ])
      .execute();

    const offers: Insertable<Database['voucher_offers']>[] = [
      {
        id: VOUCHER_OFFER.giftCard,
        class_id: VOUCHER_CLASS.giftCard,
        super_class_id: 1,
        kind: 'fixed',
        name_json: JSON.stringify(
          t(
            'כרטיס מתנה לקולנוע',
            'Cinema gift card',
            'Подарочная карта кино',
            'بطاقة هدية للسينما',
            'Karta podarunkowa do kina',
          ),
        ),
        description_json: JSON.stringify(
          t(
            'זיכוי לכרטיסים, למזנון ולכל הזמנה באתר. בתוקף לשנה.',
            'Credit for tickets, the snack bar and any online order. Valid for a year.',
            'Кредит на билеты, буфет и любой заказ на сайте. Действует год.',
            'رصيد للتذاكر والمقصف وأي طلب عبر الموقع. صالحة لمدة سنة.',
            'Środki na bilety, bufet i każde zamówienie online. Ważna rok.',
          ),
        ),
        min_price: null,
        max_price: null,
        validity_days: 365,
        sort: 1,
      },
      {
        id: VOUCHER_OFFER.openGiftCard,
        class_id: VOUCHER_CLASS.giftCard,
        super_class_id: 1,
        kind: 'open',
        name_json: JSON.stringify(
          t(
            'כרטיס מתנה בסכום לבחירה',
            'Gift card, any amount',
            'Подарочная карта на любую сумму',
            'بطاقة هدية بأي مبلغ',
            'Karta podarunkowa na dowolną kwotę',
          ),
        ),
        description_json: JSON.stringify(
          t(
            'בחרו סכום בין ₪30 ל־₪1,000. בתוקף לשנה.',
            'Choose an amount from ₪30 to ₪1,000. Valid for a year.',
            'Выберите сумму от ₪30 до ₪1 000. Действует год.',
            'اختر مبلغًا من 30 ₪ إلى 1,000 ₪. صالحة لمدة سنة.',
            'Wybierz kwotę od 30 ₪ do 1000 ₪. Ważna rok.',
          ),
        ),
        min_price: 3000,
        max_price: 100_000,
        validity_days: 365,
        sort: 2,
      },
      {
        id: VOUCHER_OFFER.twoMovies,
        class_id: VOUCHER_CLASS.twoMovies,
        super_class_id: 2,
        kind: 'fixed',
        name_json: JSON.stringify(
          t(
            'שובר זוגי לקולנוע',
            'Two movie tickets',
            'Два билета в кино',
            'تذكرتا سينما',
            'Dwa bilety do kina',
          ),
        ),
        description_json: JSON.stringify(
          t(
            'שני כרטיסים לכל סרט בדו־ממד בקולנוע הדר, בתוקף לחצי שנה.',
            'Two tickets for any 2D film at the Hadar Cinema, valid for six months.',
            'Два билета на любой 2D-фильм в кинотеатре «Адар», действуют полгода.',
            'تذكرتان لأي فيلم ثنائي الأبعاد في سينما هدار، صالحة لستة أشهر.',
            'Dwa bilety na dowolny film 2D w kinie Hadar, ważne pół roku.',
          ),
        ),
        min_price: null,
        max_price: null,
        validity_days: 180,
        sort: 3,
      },
      {
        id: VOUCHER_OFFER.newYearConcert,
        class_id: VOUCHER_CLASS.newYearConcert,
        super_class_id: 3,
        kind: 'dated',
        name_json: JSON.stringify(
          t(
            'קונצרט השנה החדשה',
            "New Year's concert",
            'Новогодний концерт',
            'حفل رأس السنة',
            'Koncert noworoczny',
          ),
        ),
        description_json: JSON.stringify(
          t(
            'שובר לכרטיס בקונצרט הפילהרמונית, בתוקף בתאריך שתבחרו.',
            'A voucher for a ticket to the Philharmonic concert, valid on the date you choose.',
            'Ваучер на билет на концерт филармонии, действует в выбранную дату.',
            'قسيمة لتذكرة حفل الفيلهارمونية، صالحة في التاريخ الذي تختاره.',
            'Voucher na bilet na koncert filharmonii, ważny w wybranym dniu.',
          ),
        ),
        min_price: null,
        max_price: null,
        validity_days: 1,
        sort: 4,
      },
    ];
    await trx.insertInto('voucher_offers').values(offers).execute();
    await trx
      .insertInto('voucher_offer_prices')
      .values([
        { id: 11, offer_id: VOUCHER_OFFER.giftCard, price: 5000, value: 5000, sort: 1 },
        { id: 12, offer_id: VOUCHER_OFFER.giftCard, price: 10_000, value: 10_000, sort: 2 },
        { id: 13, offer_id: VOUCHER_OFFER.giftCard, price: 20_000, value: 20_000, sort: 3 },
        { id: 31, offer_id: VOUCHER_OFFER.twoMovies, price: 7000, value: 0, sort: 1 },
        { id: 41, offer_id: VOUCHER_OFFER.newYearConcert, price: 18_000, value: 0, sort: 1 },
      ])
      .execute();
    const [eve, newYear] = newYearDates(now);
    await trx
      .insertInto('voucher_offer_dates')
      .values([
        { offer_id: VOUCHER_OFFER.newYearConcert, date: eve, capacity: 40 },
        { offer_id: VOUCHER_OFFER.newYearConcert, date: newYear, capacity: 40 },
      ])
      .execute();
    await trx
      .insertInto('products')
      .values([
        {
          id: SHOP_PRODUCT.giftBox,
          name_json: JSON.stringify(
            t(
              'קופסת מתנה בדואר',
              'Gift box by post',
              'Подарочная коробка по почте',
              'علبة هدية بالبريد',
              'Pudełko prezentowe pocztą',
            ),
          ),
          price: 1500,
          is_delivery_required: 1,
        },
        {
          id: SHOP_PRODUCT.greetingCard,
          name_json: JSON.stringify(
            t(
              'כרטיס ברכה',
              'Greeting card',
              'Поздравительная открытка',
              'بطاقة تهنئة',
              'Kartka z życzeniami',
            ),
          ),
          price: 500,
          is_delivery_required: 0,
        },
      ])
      .execute();
    await trx
      .insertInto('voucher_shop_products')
      .values([
        { product_id: SHOP_PRODUCT.giftBox, sort: 1 },
        { product_id: SHOP_PRODUCT.greetingCard, sort: 2 },
      ])
      .execute();

    await trx
      .insertInto('donation_funds')
      .values({
        id: DONATION_FUND.youngMusicians,
        code: 'YOUNG-MUSICIANS',
        name_json: JSON.stringify(
          t(
            'קרן המוזיקאים הצעירים',
            'Young Musicians Fund',
            'Фонд юных музыкантов',
            'صندوق الموسيقيين الشباب',
            'Fundusz Młodych Muzyków',
          ),
        ),
        description_json: JSON.stringify(
          t(
            'מלגות לימוד וכלי נגינה לנגנים צעירים. התרומה מוכרת לצורכי מס לפי סעיף 46.',
            'Study grants and instruments for young players. Tax-deductible under section 46.',
            'Стипендии и инструменты для юных музыкантов. Вычитается из налогов по статье 46.',
            'منح دراسية وآلات للعازفين الشباب. معفاة من الضريبة وفق البند 46.',
            'Stypendia i instrumenty dla młodych muzyków. Odliczenie od podatku zgodnie z art. 46.',
          ),
        ),
        min_custom: 1000,
        max_custom: 1_000_000,
        sort: 1,
      })
      .execute();
    await trx
      .insertInto('donation_amounts')
      .values([
        { id: 11, fund_id: DONATION_FUND.youngMusicians, amount: 1800, sort: 1 },
        { id: 12, fund_id: DONATION_FUND.youngMusicians, amount: 3600, sort: 2 },
        { id: 13, fund_id: DONATION_FUND.youngMusicians, amount: 10_000, sort: 3 },
      ])
      .execute();

    await trx
      .insertInto('partner_programs')
      .values([
        {
          id: PARTNER.hever,
          name_json: JSON.stringify(t('חבר', 'Hever', 'Hever', 'حيفر', 'Hever')),
          pattern: '^4580\\d{8}$',
        },
        {
          id: PARTNER.teachers,
          name_json: JSON.stringify(
            t('ארגון המורים', "Teachers' union", 'Союз учителей', 'نقابة المعلمين', 'Związek nauczycieli'),
          ),
          pattern: '^77\\d{6}$',
        },
      ])
      .execute();

    await trx.insertInto('tickets').values(codeTickets()).execute();

    await trx
      .insertInto('system_vouchers')
      .values(
        DEMO_TICKET_VOUCHERS.map((v) => ({
          reference: v.reference,
          class_id: v.classId,
          customer_id: 'c_gift_card_buyer',
          reservation_identifier: null,
          quantity: v.uses,
          price: 4200 * v.uses,
          redeemed: v.uses - v.left,
          balance: v.left,
          created_at: now - 30 * DAY,
          start_date: now - 30 * DAY,
          end_date: v.expired ? now - DAY : now + 180 * DAY,
          state: 'active' as const,
          sold_in_outlet: 0,
          transaction_id: null,
          cancelled_by: null,
        })),
      )
      .execute();
  });
  return true;
}

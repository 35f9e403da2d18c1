import type { Insertable, Kysely } from 'kysely';
import { businessDate } from '../../src/domain/venue.ts';
import type { Database } from '../db/types.ts';
import { addDays, wallDateAt, wallTime } from './calendar.ts';
import { eventLockTimer, PLAN, PRODUCT, TG, VENUE } from './catalogue.ts';
import { DEMO_CUSTOMERS } from './customers.ts';
import {
  DEMO_CLUB_MEMBER,
  DEMO_POINTS_MEMBER,
  MEMBER_TICKET,
  MEMBERSHIP,
  MEMBERSHIP_CODE,
  MEMBERSHIP_DISCOUNT,
  MEMBERSHIP_PRICE,
  MEMBERSHIP_PRICE_CODE,
  MEMBERSHIP_TERMS,
  SEASON,
  SEASON_OPTIONAL_CHOICES,
  SEASON_PRESENTATIONS,
  SEASON_REQUIRED,
  SERIES_PRESENTATIONS,
} from './membershipIds.ts';
import { prng } from './prng.ts';
import { VOUCHER_CLASS, t } from './voucherIds.ts';

const DAY = 86_400_000;
const json = JSON.stringify;

const SERIES_NAMES = {
  [MEMBERSHIP.seriesClassics]: t(
    'סדרת הקלאסיקה',
    'Classics series',
    'Серия «Классика»',
    'سلسلة الكلاسيكيات',
    'Seria klasyczna',
  ),
  [MEMBERSHIP.seriesRomantic]: t(
    'הסדרה הרומנטית',
    'Romantic series',
    'Романтическая серия',
    'السلسلة الرومانسية',
    'Seria romantyczna',
  ),
  [MEMBERSHIP.seriesChamber]: t(
    'סדרה קאמרית',
    'Chamber series',
    'Камерная серия',
    'سلسلة موسيقى الحجرة',
    'Seria kameralna',
  ),
};

/**
 * The memberships sold online (issue 16), idempotent behind its own marker: Friends of the Philharmonic
 * (member prices and member-sale holds at orchestra evenings, hidden prices by code, one in euros, one
 * with a voucher, an early-bird discount), the cinema club (a balance of 10 member tickets, top-ups and
 * renewal), a series of three concert memberships that each carry a seat in three concerts, and the
 * Philharmonic season 2026/27 (ten concerts, six required and two of four optional chosen) for fixed-seat
 * enrolment, with a second way in that skips the fixed seat. Member tickets join the ticket groups.
 */
export async function seedMemberships(db: Kysely<Database>, now: number): Promise<boolean> {
  const marker = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'seed_memberships')
    .executeTakeFirst();
  if (marker) return false;
  const today = wallDateAt(now);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('meta').values({ key: 'seed_memberships', value: '1' }).execute();

    await trx
      .insertInto('membership_terms')
      .values([
        {
          id: MEMBERSHIP_TERMS.friends,
          title_json: json(
            t(
              'תקנון ידידי הפילהרמונית',
              'Friends of the Philharmonic terms',
              'Условия членства',
              'شروط العضوية',
              'Regulamin członkostwa',
            ),
          ),
          body_json: json(
            t(
              'החברות אישית ואינה ניתנת להעברה. הנחות חברים חלות על כרטיס אחד לכל קונצרט.',
              'The membership is personal and not transferable. Member prices apply to one ticket per concert.',
              'Членство личное и не передаётся. Цены для членов действуют на один билет на концерт.',
              'العضوية شخصية وغير قابلة للتحويل. أسعار الأعضاء لتذكرة واحدة لكل حفل.',
              'Członkostwo jest imienne i nieprzenoszalne. Ceny członkowskie dotyczą jednego biletu na koncert.',
            ),
          ),
        },
        {
          id: MEMBERSHIP_TERMS.cinemaClub,
          title_json: json(
            t(
              'תקנון מועדון הקולנוע',
              'Cinema club terms',
              'Условия киноклуба',
              'شروط نادي السينما',
              'Regulamin klubu kinowego',
            ),
          ),
          body_json: json(
            t(
              'כרטיס מועדון אחד לכל הקרנה. יתרה שלא נוצלה אינה מוחזרת.',
              'One club ticket per showing. An unused balance is not refunded.',
              'Один клубный билет на сеанс. Неиспользованный остаток не возвращается.',
              'تذكرة نادٍ واحدة لكل عرض. الرصيد غير المستخدم لا يُسترد.',
              'Jeden bilet klubowy na seans. Niewykorzystane saldo nie podlega zwrotowi.',
            ),
          ),
        },
      ])
      .execute();
    await trx
      .insertInto('membership_discounts')
      .values({
        id: MEMBERSHIP_DISCOUNT.earlyBird,
        name_json: json(
          t(
            'הנחת הרשמה מוקדמת',
            'Early-bird discount',
            'Скидка за раннюю запись',
            'خصم التسجيل المبكر',
            'Rabat za wczesny zapis',
          ),
        ),
        percent: 15,
      })
      .execute();

    // The three memberships of the customers' seed go on sale (the cinema pass becomes the cinema club).
    const sale = (id: number, over: Partial<Insertable<Database['memberships']>>) =>
      trx.updateTable('memberships').set(over).where('id', '=', id).execute();
    await sale(MEMBERSHIP.friends, {
      code: MEMBERSHIP_CODE.friends,
      is_for_sale: 1,
      sort: 1,
      subtitle_json: json(
        t(
          'מחירי חברים ומכירה מוקדמת בכל ערבי התזמורת',
          'Member prices and pre-sale holds at every orchestra evening',
          'Цены для членов и бронь на всех вечерах оркестра',
          'أسعار الأعضاء والحجز المسبق في كل أمسيات الأوركسترا',
          'Ceny członkowskie i rezerwacje na wszystkie wieczory orkiestry',
        ),
      ),
      description_json: json(
        t(
          'שנה של מוזיקה: 20% הנחה על כרטיס בכל קונצרט, הזמנה עכשיו ותשלום בקופה.',
          'A year of music: 20% off a ticket at every concert, reserve now and pay at the box office.',
          'Год музыки: скидка 20% на билет на каждый концерт, бронь с оплатой в кассе.',
          'عام من الموسيقى: خصم 20% على تذكرة في كل حفل، احجز الآن وادفع في شباك التذاكر.',
          'Rok muzyki: 20% zniżki na bilet na każdy koncert, rezerwacja z płatnością w kasie.',
        ),
      ),
      validity_months: 12,
    });
    await sale(MEMBERSHIP.cinemaClub, {
      code: MEMBERSHIP_CODE.cinemaClub,
      name_json: json(
        t(
          'מועדון הקולנוע — 10 סרטים',
          'Cinema club — 10 films',
          'Киноклуб — 10 фильмов',
          'نادي السينما — 10 أفلام',
          'Klub kinowy — 10 filmów',
        ),
      ),
      type_id: 1,
      is_for_sale: 1,
      sort: 2,
      ticket_balance: 10,
      subtitle_json: json(
        t(
          'עשרה כרטיסי מועדון לכל סרט בקולנוע הדר',
          'Ten club tickets for any film at Hadar Cinema',
          'Десять клубных билетов на любой фильм',
          'عشر تذاكر نادٍ لأي فيلم في سينما هدار',
          'Dziesięć biletów klubowych na dowolny film',
        ),
      ),
      description_json: json(
        t(
          'בחרו כרטיס מועדון בהזמנת מושבים; היתרה יורדת בכל כרטיס.',
          'Pick the club ticket when you book seats; each ticket takes one from your balance.',
          'Выберите клубный билет при заказе мест; каждый билет уменьшает остаток.',
          'اختر تذكرة النادي عند حجز المقاعد؛ كل تذكرة تُخصم من رصيدك.',
          'Wybierz bilet klubowy przy rezerwacji; każdy bilet zmniejsza saldo.',
        ),
      ),
      validity_months: 6,
    });

    await trx
      .insertInto('memberships')
      .values([
        ...Object.entries(SERIES_NAMES).map(([id, name], i) => ({
          id: Number(id),
          name_json: json(name),
          class_name: 'concert-series',
          type_id: 2,
          allow_member_sale_tickets: 0,
          is_loyalty_points_redemption: 0,
          code: [
            MEMBERSHIP_CODE.seriesClassics,
            MEMBERSHIP_CODE.seriesRomantic,
            MEMBERSHIP_CODE.seriesChamber,
          ][i]!,
          is_for_sale: 1,
          sort: 3 + i,
          has_seats: 1,
          subtitle_json: json(
            t(
              'שלושה קונצרטים, אותו מושב בכל אחד',
              'Three concerts, the same seat at each',
              'Три концерта, одно место на каждом',
              'ثلاث حفلات، المقعد نفسه في كل منها',
              'Trzy koncerty, to samo miejsce na każdym',
            ),
          ),
          validity_months: 12,
        })),
        {
          id: MEMBERSHIP.season,
          name_json: json(
            t(
              'מנוי עונה 2026/27 — 8 קונצרטים',
              'Season 2026/27 — 8 concerts',
              'Абонемент 2026/27 — 8 концертов',
              'اشتراك موسم 2026/27 — 8 حفلات',
              'Abonament 2026/27 — 8 koncertów',
            ),
          ),
          class_name: 'season',
          type_id: 1,
          allow_member_sale_tickets: 0,
          is_loyalty_points_redemption: 0,
          code: MEMBERSHIP_CODE.season,
          is_for_sale: 1,
          sort: 6,
          has_seats: 0,
          subtitle_json: json(
            t(
              'מושב קבוע: 6 קונצרטים קבועים ועוד 2 לבחירתכם',
              'A fixed seat: 6 set concerts and 2 of your choice',
              'Постоянное место: 6 концертов и 2 на выбор',
              'مقعد ثابت: 6 حفلات محددة و2 من اختيارك',
              'Stałe miejsce: 6 koncertów i 2 do wyboru',
            ),
          ),
          validity_months: 12,
        },
        {
          id: MEMBERSHIP.seasonFlex,
          name_json: json(
            t(
              'מנוי עונה גמיש — 8 קונצרטים',
              'Flexible season — 8 concerts',
              'Гибкий абонемент — 8 концертов',
              'اشتراك موسم مرن — 8 حفلات',
              'Elastyczny abonament — 8 koncertów',
            ),
          ),
          class_name: 'season',
          type_id: 1,
          allow_member_sale_tickets: 0,
          is_loyalty_points_redemption: 0,
          code: MEMBERSHIP_CODE.seasonFlex,
          is_for_sale: 1,
          sort: 7,
          has_seats: 0,
          subtitle_json: json(
            t(
              'מחיר אחד למנוי, מושב לכל קונצרט',
              'One price, a seat chosen for each concert',
              'Одна цена, место на каждый концерт',
              'سعر واحد، مقعد لكل حفل',
              'Jedna cena, miejsce na każdy koncert',
            ),
          ),
          validity_months: 12,
        },
      ])
      .execute();

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

    // The season's concerts: weekly from two weeks on, at the Philharmonic, a third of the seats of the
    // gala (the sixth) and one optional concert already sold (the enrolment proposes another seat there).
    const shows = SEASON_PRESENTATIONS.map((id, i) => {
      const startsAt = wallTime(addDays(today, 16 + 7 * i), 20, 0);
      return {
        id,
        feature_id: i % 2 === 0 ? 6 : 7,
        venue_id: VENUE.philharmonic,
        seatplan_id: PLAN.philharmonic,
        venue_type_id: 3,
        seating_policy_id: 3,
        is_reserved: 1,
        auth_profile_id: 1,
        business_id: 2,
        starts_at: startsAt,
        business_date: businessDate(startsAt),
        sale_start: now - 30 * DAY,
        sale_end: startsAt,
        lock_timer_json: json(eventLockTimer),
        service_charge: 1000,
        is_display_qr: 1,
        view_area_filename: null,
        image_map_html: null,
        new_booking_url: null,
        best_available: 1,
      };
    });
    await trx.insertInto('presentations').values(shows).execute();
    await trx
      .insertInto('presentation_ticket_groups')
      .values(
        shows.flatMap((s) =>
          [TG.orchestraA, TG.orchestraB, TG.orchestraC].map((tg) => ({
            presentation_id: s.id,
            ticket_group_id: tg,
          })),
        ),
      )
      .execute();
    await trx
      .insertInto('presentation_products')
      .values(shows.map((s) => ({ presentation_id: s.id, product_id: PRODUCT.programme, sort: 0 })))
      .execute();
    const seats = await trx
      .selectFrom('plan_seats')
      .select(['section_id', 'x', 'y', 'allocation_id'])
      .where('seatplan_id', '=', PLAN.philharmonic)
      .orderBy('section_id')
      .orderBy('y')
      .orderBy('x')
      .execute();
    const sold: Insertable<Database['seat_holds']>[] = [];
    for (const id of [8006, 8008]) {
      const rand = prng(id);
      for (const s of seats)
        if (s.allocation_id === 1 && rand() < 0.33)
          sold.push({
            presentation_id: id,
            section_id: s.section_id,
            x: s.x,
            y: s.y,
            visitor: 'box-office',
            state: 'sold',
            expires_at: 0,
            created_at: now,
          });
    }
    for (let i = 0; i < sold.length; i += 500)
      await trx
        .insertInto('seat_holds')
        .values(sold.slice(i, i + 500))
        .execute();

    await trx
      .insertInto('membership_presentations')
      .values(
        Object.entries(SERIES_PRESENTATIONS).flatMap(([m, ps]) =>
          ps.map((p) => ({ membership_id: Number(m), presentation_id: p })),
        ),
      )
      .execute();

    await trx
      .insertInto('seasons')
      .values([
        {
          id: SEASON.previous,
          name_json: json(
            t('עונת 2025/26', 'Season 2025/26', 'Сезон 2025/26', 'موسم 2025/26', 'Sezon 2025/26'),
          ),
          previous_season_id: null,
        },
        {
          id: SEASON.current,
          name_json: json(
            t('עונת 2026/27', 'Season 2026/27', 'Сезон 2026/27', 'موسم 2026/27', 'Sezon 2026/27'),
          ),
          previous_season_id: SEASON.previous,
        },
      ])
      .execute();
    await trx
      .insertInto('enrolment_memberships')
      .values([
        {
          membership_id: MEMBERSHIP.season,
          season_id: SEASON.current,
          is_skip_member_seat: 0,
          is_pricing_per_ticket: 1,
          default_ticket_group_id: TG.orchestraB,
          price: 0,
          optional_choices: SEASON_OPTIONAL_CHOICES,
        },
        {
          membership_id: MEMBERSHIP.seasonFlex,
          season_id: SEASON.current,
          is_skip_member_seat: 1,
          is_pricing_per_ticket: 0,
          default_ticket_group_id: null,
          price: 160000,
          optional_choices: SEASON_OPTIONAL_CHOICES,
        },
      ])
      .execute();
    await trx
      .insertInto('enrolment_presentations')
      .values(
        [MEMBERSHIP.season, MEMBERSHIP.seasonFlex].flatMap((m) =>
          SEASON_PRESENTATIONS.map((p, i) => ({
            membership_id: m,
            presentation_id: p,
            is_required: i < SEASON_REQUIRED ? 1 : 0,
            membership_payable_amount: m === MEMBERSHIP.seasonFlex ? 20000 : null,
            sort: i,
          })),
        ),
      )
      .execute();
    // Tariffs: the regular and senior tickets of each price level, at the subscription's price.
    const tariff: [number, number, number][] = [
      [TG.orchestraA, 22000, 17600],
      [TG.orchestraB, 15000, 12000],
      [TG.orchestraC, 9500, 7600],
    ];
    await trx
      .insertInto('enrolment_tickets')
      .values(
        [MEMBERSHIP.season, MEMBERSHIP.seasonFlex].flatMap((m) =>
          tariff.flatMap(([tg, regular, senior]) => [
            { membership_id: m, ticket_group_id: tg, ticket_id: tg * 100 + 1, price: regular },
            { membership_id: m, ticket_group_id: tg, ticket_id: tg * 100 + 3, price: senior },
          ]),
        ),
      )
      .execute();
    // The gala (the sixth concert) costs more on a per-ticket subscription.
    await trx
      .insertInto('enrolment_presentation_details')
      .values(
        tariff.map(([tg, regular]) => ({
          membership_id: MEMBERSHIP.season,
          presentation_id: 8006,
          ticket_group_id: tg,
          ticket_id: tg * 100 + 1,
          is_price_override: 1,
          price: regular + 5000,
          membership_payable_amount: null,
        })),
      )
      .execute();

    // Member tickets: the Friends price (a member-sale ticket) at orchestra evenings, the club ticket at
    // the cinema (drawing on the balance), a ticket paid with Hadar Club points.
    const memberTicket = (
      tg: number,
      offset: number,
      name: ReturnType<typeof t>,
      amount: number,
      over: Partial<Insertable<Database['tickets']>>,
    ) => ({
      id: tg * 100 + offset,
      ticket_group_id: tg,
      name_json: json(name),
      code: `M${offset}`,
      price: amount,
      old_price: null,
      service_charge: 0,
      price_policy_id: 1,
      multiply_factor: 1,
      is_sub_ticket: 0,
      ref1prompt: null,
      ref2prompt: null,
      min_quantity: null,
      max_quantity: null,
      sort: 90 + offset,
      required_ticket_id: null,
      required_minimum: null,
      quota: null,
      is_hidden: 1,
      membership_id: null,
      is_member_sale: 0,
      loyalty_points_price: null,
      ...over,
    });
    const orchestraPrices: [number, number][] = [
      [TG.orchestraA, 28000],
      [TG.orchestraB, 19000],
      [TG.orchestraC, 12000],
    ];
    await trx
      .insertInto('tickets')
      .values([
        ...orchestraPrices.map(([tg, full]) =>
          memberTicket(
            tg,
            MEMBER_TICKET.friends,
            t('מחיר חברים', 'Friends price', 'Цена для членов', 'سعر الأعضاء', 'Cena członkowska'),
            Math.round(full * 0.8),
            { membership_id: MEMBERSHIP.friends, is_member_sale: 1, old_price: full },
          ),
        ),
        ...[TG.cinemaRegular, TG.cinemaPremium].flatMap((tg) => [
          memberTicket(
            tg,
            MEMBER_TICKET.club,
            t('כרטיס מועדון', 'Club ticket', 'Клубный билет', 'تذكرة النادي', 'Bilet klubowy'),
            0,
            { membership_id: MEMBERSHIP.cinemaClub },
          ),
          memberTicket(
            tg,
            MEMBER_TICKET.points,
            t('כרטיס בנקודות', 'Ticket for points', 'Билет за баллы', 'تذكرة بالنقاط', 'Bilet za punkty'),
            0,
            { membership_id: MEMBERSHIP.hadarPoints, loyalty_points_price: 500 },
          ),
        ]),
      ])
      .execute();

    // Avi's cinema pass has ended; he holds a running cinema club membership too (10 tickets, 2 used),
    // so member tickets can be tried at once.
    const avi = await trx
      .selectFrom('customers')
      .select('id')
      .where('email_key', '=', DEMO_CUSTOMERS[1].email)
      .executeTakeFirst();
    if (avi)
      await trx
        .insertInto('members')
        .values({
          member_number: DEMO_CLUB_MEMBER,
          membership_id: MEMBERSHIP.cinemaClub,
          customer_id: avi.id,
          membership_identifier: 'CC-2026-1',
          additional_name: null,
          balance: 10,
          used_balance: 2,
          points_balance: 0,
          start_date: new Date(now - 30 * DAY).toISOString().slice(0, 10),
          end_date: new Date(now + 150 * DAY).toISOString().slice(0, 10),
          reservation_identifier: null,
          price_id: MEMBERSHIP_PRICE.cinemaClub,
          state: 'active',
        })
        .execute();

    // Dana collects Hadar Club points: a running points membership with 1,200 points.
    const dana = await trx
      .selectFrom('customers')
      .select('id')
      .where('email_key', '=', DEMO_CUSTOMERS[0].email)
      .executeTakeFirst();
    if (dana)
      await trx
        .insertInto('members')
        .values({
          member_number: DEMO_POINTS_MEMBER,
          membership_id: MEMBERSHIP.hadarPoints,
          customer_id: dana.id,
          membership_identifier: 'HP-2026-1',
          additional_name: null,
          balance: 0,
          used_balance: 0,
          points_balance: 1200,
          start_date: new Date(now - 60 * DAY).toISOString().slice(0, 10),
          end_date: new Date(now + 300 * DAY).toISOString().slice(0, 10),
          reservation_identifier: null,
          price_id: null,
          state: 'active',
        })
        .execute();

    // The first demo customer was enrolled last season: this season offers the same seat first.
    const customer = await trx
      .selectFrom('customers')
      .select('id')
      .where('email_key', '=', DEMO_CUSTOMERS[0].email)
      .executeTakeFirst();
    const seat = seats.filter((s) => s.allocation_id === 1)[Math.floor(seats.length / 3)];
    if (customer && seat)
      await trx
        .insertInto('enrolments')
        .values({
          id: 'demo-enrolment-2025',
          reservation_identifier: null,
          membership_id: MEMBERSHIP.season,
          season_id: SEASON.previous,
          customer_id: customer.id,
          section_id: seat.section_id,
          x: seat.x,
          y: seat.y,
          ticket_group_id: TG.orchestraB,
          ticket_id: TG.orchestraB * 100 + 1,
          state: 'valid',
          created_at: now - 300 * DAY,
        })
        .execute();
  });
  return true;
}

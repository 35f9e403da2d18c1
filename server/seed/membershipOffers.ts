import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { MEMBERSHIP, MEMBERSHIP_CODE, MEMBERSHIP_DISCOUNT, MEMBERSHIP_TERMS } from './membershipIds.ts';
import { t } from './voucherIds.ts';

type Trx = Transaction<Database>;
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

/** Terms, the early-bird discount and the memberships for sale (three of the customers' seed go on sale). */
export async function seedMembershipOffers(trx: Trx) {
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
        code: [MEMBERSHIP_CODE.seriesClassics, MEMBERSHIP_CODE.seriesRomantic, MEMBERSHIP_CODE.seriesChamber][
          i
        ]!,
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
}

import type { Kysely } from 'kysely';
import type { LocalizedText } from '../../src/api/contract/common.ts';
import { SeatplanSchema } from '../../src/api/contract/seatplan.ts';
import type { VenueAddress } from '../../src/api/contract/venueAddress.ts';
import { businessDate } from '../../src/domain/venue.ts';
import type { Database } from '../db/types.ts';
import { SYSTEM_ACTOR } from '../services/audit/log.ts';
import { STANDARD_PRICE_LIST } from '../services/catalogue/prices/priceLists.ts';
import { insertTicketType } from '../services/catalogue/prices/ticketTypes.ts';
import { insertAddon } from '../services/catalogue/products/addons.ts';
import { insertFeature } from '../services/catalogue/programme/features.ts';
import { hallPlanOf, insertShows } from '../services/catalogue/programme/showWriter.ts';
import { insertVenue } from '../services/catalogue/venuesAdmin.ts';
import { seedHallPlan } from './halls.ts';
import { addDays, wallDateAt, wallTime } from './calendar.ts';
import { eventLockTimer } from './catalogue.ts';
import { generalAdmissionPlan } from './seatplans.ts';
import { DEMO_SECTION_NAMES } from './sectionNames.ts';

/**
 * The demo trampoline park (issue 18): jump sessions every two hours for ten days, general admission,
 * with ticket types by age and a liability waiver every order signs before payment (spec sections 2
 * and 5). Idempotent: seeded once, beside the catalogue, whenever the park is missing.
 */
export const JUMP = {
  venue: 7,
  plan: 71,
  ticketGroup: 61,
  feature: 12,
  waiver: 1,
  socks: 9,
  /** Presentation ids of the sessions start here (the catalogue's schedule stays far below). */
  firstPresentation: 7001,
  capacity: 30,
} as const;

/** Where the park is: an industrial zone, as trampoline parks are (fictional, as the name). */
export const JUMP_PARK_ADDRESS: VenueAddress = {
  street: {
    he: 'רחוב המשור 5',
    en: '5 HaMasor St',
    ru: 'ул. ха-Масор, 5',
    ar: 'شارع هامسور 5',
    pl: 'ul. ha-Masor 5',
  },
  city: {
    he: 'ראשון לציון',
    en: 'Rishon LeZion',
    ru: 'Ришон-ле-Цион',
    ar: 'ريشون لتسيون',
    pl: 'Riszon le-Cijjon',
  },
  postalCode: '7565505',
  country: 'IL',
};

/** The ticket types and the ages (inclusive) each suits, on the session's date. */
export const JUMP_TICKETS = [
  {
    id: 6101,
    code: 'TOD',
    price: 5500,
    minAge: 2,
    maxAge: 5,
    name: {
      he: 'פעוטות',
      en: 'Toddler',
      ru: 'Малыши',
      ar: 'أطفال صغار',
      pl: 'Maluch',
    },
  },
  {
    id: 6102,
    code: 'KID',
    price: 8900,
    minAge: 6,
    maxAge: 12,
    name: {
      he: 'ילדים',
      en: 'Kids',
      ru: 'Дети',
      ar: 'أطفال',
      pl: 'Dzieci',
    },
  },
  {
    id: 6103,
    code: 'TEEN',
    price: 9900,
    minAge: 13,
    maxAge: 17,
    name: {
      he: 'נוער',
      en: 'Teens',
      ru: 'Подростки',
      ar: 'مراهقون',
      pl: 'Nastolatki',
    },
  },
] as const;

const WAIVER_TITLE: LocalizedText = {
  he: 'כתב ויתור והצהרת הורה – פארק הטרמפולינות',
  en: 'Trampoline park liability waiver and parent declaration',
  ru: 'Отказ от претензий и заявление родителя — батутный парк',
  ar: 'إقرار إعفاء من المسؤولية وتصريح ولي الأمر – حديقة الترامبولين',
  pl: 'Zrzeczenie się roszczeń i oświadczenie rodzica – park trampolin',
};

const WAIVER_TEXT: LocalizedText = {
  he: [
    'קפיצה על טרמפולינות היא פעילות גופנית הכרוכה בסיכון לפציעה, לרבות נקעים, שברים ופגיעות חמורות יותר.',
    'אני, החתום/ה מטה, מצהיר/ה כי אני ההורה או האפוטרופוס של הילדים המפורטים, כי הם בריאים וכשירים לפעילות, וכי קראתי והסברתי להם את כללי הבטיחות של הפארק: קופץ אחד בכל טרמפולינה, ללא סלטות, גרביים מונעות החלקה חובה, וציות להוראות המדריכים.',
    'אני מקבל/ת על עצמי את הסיכונים הכרוכים בפעילות ומוותר/ת על כל טענה כלפי הפארק ועובדיו בגין פגיעה שאינה נובעת מרשלנותם.',
    'ידוע לי שכרטיס מתאים לגיל הקופץ ביום הפעילות, ושהצוות רשאי לבקש אישור גיל בכניסה.',
  ].join('\n\n'),
  en: [
    'Jumping on trampolines is a physical activity that carries a risk of injury, including sprains, fractures and more serious harm.',
    "I, the undersigned, declare that I am the parent or guardian of the children listed, that they are healthy and fit for the activity, and that I have read and explained to them the park's safety rules: one jumper per trampoline, no somersaults, grip socks at all times, and the instructors' directions followed.",
    'I accept the risks of the activity and waive any claim against the park and its staff for an injury not caused by their negligence.',
    "I understand that a ticket suits the jumper's age on the day of the session, and that staff may ask for proof of age at the entrance.",
  ].join('\n\n'),
  ru: [
    'Прыжки на батуте — физическая активность с риском травм, включая растяжения, переломы и более серьёзные повреждения.',
    'Я, нижеподписавшийся(аяся), заявляю, что являюсь родителем или опекуном перечисленных детей, что они здоровы и могут заниматься этой активностью, и что я прочитал(а) и объяснил(а) им правила безопасности парка: один прыгун на батуте, без сальто, обязательные нескользящие носки и выполнение указаний инструкторов.',
    'Я принимаю риски этой активности и отказываюсь от претензий к парку и его сотрудникам за травмы, не вызванные их халатностью.',
    'Мне известно, что билет должен соответствовать возрасту прыгуна в день сеанса и что сотрудники могут попросить подтверждение возраста на входе.',
  ].join('\n\n'),
  ar: [
    'القفز على الترامبولين نشاط بدني ينطوي على خطر الإصابة، بما في ذلك الالتواءات والكسور وإصابات أخطر.',
    'أنا الموقّع أدناه، أصرّح بأنني ولي أمر الأطفال المذكورين أو الوصي عليهم، وأنهم أصحاء وقادرون على ممارسة النشاط، وأنني قرأت لهم قواعد السلامة في الحديقة وشرحتها: قافز واحد على كل ترامبولين، بلا شقلبات، جوارب مانعة للانزلاق دائمًا، واتباع تعليمات المرشدين.',
    'أقبل مخاطر النشاط وأتنازل عن أي مطالبة تجاه الحديقة وموظفيها بسبب إصابة لم تنتج عن إهمالهم.',
    'أعلم أن التذكرة يجب أن تناسب عمر القافز في يوم النشاط، وأن للطاقم أن يطلب إثبات العمر عند الدخول.',
  ].join('\n\n'),
  pl: [
    'Skakanie na trampolinach to aktywność fizyczna niosąca ryzyko urazu, w tym skręceń, złamań i poważniejszych obrażeń.',
    'Ja, niżej podpisany(-a), oświadczam, że jestem rodzicem lub opiekunem wymienionych dzieci, że są zdrowe i zdolne do tej aktywności oraz że przeczytałem(-am) i wyjaśniłem(-am) im zasady bezpieczeństwa parku: jedna osoba na trampolinie, bez salt, skarpetki antypoślizgowe przez cały czas i stosowanie się do poleceń instruktorów.',
    'Akceptuję ryzyko tej aktywności i zrzekam się wszelkich roszczeń wobec parku i jego personelu z tytułu urazu niewynikającego z ich zaniedbania.',
    'Wiem, że bilet musi odpowiadać wiekowi skaczącego w dniu sesji i że personel może poprosić o potwierdzenie wieku przy wejściu.',
  ].join('\n\n'),
};

/** Seeds the park, its plan, tickets, grip socks, the waiver and the sessions; false when already there. */
export async function seedJumpPark(db: Kysely<Database>, now: number): Promise<boolean> {
  const there = await db.selectFrom('venues').select('id').where('id', '=', JUMP.venue).executeTakeFirst();
  if (there) return false;
  const plan = SeatplanSchema.parse(
    generalAdmissionPlan(
      { venueId: JUMP.venue, seatplanId: JUMP.plan, name: 'Trampolines' },
      JUMP.ticketGroup,
      JUMP.capacity,
    ),
  );
  // The floor's one area is the trampolines (the generic plan calls it Standing).
  for (const section of plan.S) {
    section.name = 'Trampolines';
    section.names = DEMO_SECTION_NAMES.Trampolines!;
  }
  const today = wallDateAt(now);
  const sessions: number[] = [];
  for (let d = 0; d < 10; d++)
    for (const h of [10, 12, 14, 16, 18]) sessions.push(wallTime(addDays(today, d), h, 0));

  await db.transaction().execute(async (trx) => {
    await insertVenue(
      trx,
      SYSTEM_ACTOR,
      JUMP.venue,
      {
        name: {
          he: 'פארק הקפיצות',
          en: 'Jump Park',
          ru: 'Джамп-парк',
          ar: 'حديقة القفز',
          pl: 'Park Skoków',
        },
        address: JUMP_PARK_ADDRESS,
        venueTypeId: 7,
      },
      now,
    );
    await trx
      .insertInto('ticket_groups')
      .values({
        id: JUMP.ticketGroup,
        name_json: JSON.stringify({ he: 'קפיצה', en: 'Jump', ru: 'Прыжки', ar: 'قفز', pl: 'Skoki' }),
      })
      .execute();
    await seedHallPlan(
      trx,
      {
        id: JUMP.plan,
        venueId: JUMP.venue,
        hallName: {
          he: 'אולם הטרמפולינות',
          en: 'Trampoline hall',
          ru: 'Батутный зал',
          ar: 'قاعة الترامبولين',
          pl: 'Hala trampolin',
        },
        plan,
      },
      now,
    );
    await insertFeature(
      trx,
      SYSTEM_ACTOR,
      JUMP.feature,
      {
        title: {
          he: 'סשן קפיצות – 60 דקות',
          en: 'Jump session – 60 minutes',
          ru: 'Прыжковая сессия – 60 минут',
          ar: 'جلسة قفز – 60 دقيقة',
          pl: 'Sesja skoków – 60 minut',
        },
        category: 'sport',
        durationMinutes: 60,
      },
      now,
    );
    for (const t of JUMP_TICKETS)
      await insertTicketType(
        trx,
        SYSTEM_ACTOR,
        t.id,
        STANDARD_PRICE_LIST,
        {
          ticketGroupId: JUMP.ticketGroup,
          name: t.name,
          code: t.code,
          price: t.price,
          oldPrice: null,
          serviceCharge: 0,
          minQuantity: null,
          maxQuantity: 8,
          multiplyFactor: 1,
          requiredTicketId: null,
          requiredMinimum: 1,
          quota: null,
          audience: { kind: 'everyone' },
          minAge: t.minAge,
          maxAge: t.maxAge,
        },
        now,
      );
    await trx
      .insertInto('waivers')
      .values({
        id: JUMP.waiver,
        version: 1,
        title_json: JSON.stringify(WAIVER_TITLE),
        text_json: JSON.stringify(WAIVER_TEXT),
        adult_min_age: 18,
        created_at: now,
      })
      .execute();
    // The sessions, as the back office schedules them, then the socks offered with each.
    const hall = await hallPlanOf(trx, JUMP.plan);
    const ids = await insertShows(
      trx,
      SYSTEM_ACTOR,
      sessions.map((starts) => ({
        show: {
          hallId: JUMP.plan,
          startsAt: starts,
          endsAt: starts + 60 * 60_000,
          businessDate: businessDate(starts),
        },
        featureId: JUMP.feature,
        hall,
        priceLevelIds: [JUMP.ticketGroup],
      })),
      {
        saleStart: now - 7 * 86_400_000,
        saleEndsMinutesAfterStart: 0,
        seatingPolicyId: 1,
        reserved: false,
        serviceCharge: 300,
        lockTimer: eventLockTimer,
        priceListId: STANDARD_PRICE_LIST,
        waiverId: JUMP.waiver,
      },
      now,
      JUMP.firstPresentation,
    );
    // Grip socks are a must on the trampolines: ticked with every ticket, unticked by who brings their own.
    await insertAddon(
      trx,
      SYSTEM_ACTOR,
      JUMP.socks,
      {
        name: {
          he: 'גרביים מונעות החלקה',
          en: 'Grip socks',
          ru: 'Нескользящие носки',
          ar: 'جوارب مانعة للانزلاق',
          pl: 'Skarpetki antypoślizgowe',
        },
        price: 1200,
        preselect: true,
        presentationIds: ids,
      },
      now,
    );
  });
  return true;
}

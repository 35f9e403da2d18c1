import type { Insertable, Kysely } from 'kysely';
import type { LocalizedText } from '../../src/api/contract/common.ts';
import { slugify } from '../../src/domain/slug.ts';
import type { Database } from '../db/types.ts';
import { TG, VENUE } from './catalogue.ts';
import { t } from './voucherIds.ts';

/**
 * Partners' demo data (issue 20): a hotel chain's and a workers' committee's mini-sites, each selling some
 * cinema and concert presentations at its own hidden prices, and one integration partner whose signed
 * links (README: "Partners") open the shop with its own cinema price. Ids are fixed for tests; ticket ids
 * are price level × 100 + 85 (hotel-chain price list), + 86 (workers' committee, the remote price list),
 * + 87 (the integration partner's price).
 */
export const MINI_SITE = { seaBreeze: 1, techWorkers: 2 } as const;
export const INTEGRATION_PARTNER = { demo: 1 } as const;
export const DEMO_INTEGRATION_SECRET = 'demo-partner-secret-2026';
export const DEMO_RETURN_ORIGIN = 'https://partner.example';
export const PARTNER_TICKET_OFFSET = { hotel: 85, workers: 86, integration: 87 } as const;
export const partnerTicketId = (tg: number, kind: keyof typeof PARTNER_TICKET_OFFSET) =>
  tg * 100 + PARTNER_TICKET_OFFSET[kind];

const SEA_BREEZE_NAME = t(
  'מלונות בריזה',
  'Sea Breeze Hotels',
  'Отели Sea Breeze',
  'فنادق سي بريز',
  'Hotele Sea Breeze',
);
const TECH_WORKERS_NAME = t(
  'ועד עובדי ההייטק',
  "Tech Workers' Committee",
  'Комитет работников хай-тека',
  'لجنة عمال التكنولوجيا',
  'Komitet Pracowników Branży Tech',
);

/** Regular prices of the price levels the partners sell below (agorot), from the catalogue. */
const REGULAR: Record<number, number> = {
  [TG.cinemaRegular]: 4200,
  [TG.cinemaPremium]: 6500,
  [TG.hallA]: 32000,
  [TG.hallB]: 24000,
  [TG.hallC]: 16000,
  [TG.hallD]: 9000,
  [TG.orchestraA]: 28000,
  [TG.orchestraB]: 19000,
  [TG.orchestraC]: 12000,
};

function ticket(
  tg: number,
  kind: keyof typeof PARTNER_TICKET_OFFSET,
  name: LocalizedText,
  share: number,
  over: Partial<Insertable<Database['tickets']>>,
): Insertable<Database['tickets']> {
  const regular = REGULAR[tg] ?? 0;
  return {
    id: partnerTicketId(tg, kind),
    ticket_group_id: tg,
    name_json: JSON.stringify(name),
    code: kind === 'hotel' ? 'HTL' : kind === 'workers' ? 'WRK' : 'INT',
    price: Math.round((regular * share) / 10000) * 100,
    old_price: regular,
    service_charge: 0,
    price_policy_id: 1,
    multiply_factor: 1,
    is_sub_ticket: 0,
    ref1prompt: null,
    ref2prompt: null,
    min_quantity: null,
    max_quantity: null,
    sort: 80 + PARTNER_TICKET_OFFSET[kind],
    required_ticket_id: null,
    required_minimum: null,
    quota: null,
    // Hidden: the plain ticket groups never list it; only its partner's context does.
    is_hidden: 1,
    ...over,
  };
}

/** Seeds the partners once (a no-op when the mini-sites are there). True when it wrote anything. */
export async function seedPartners(db: Kysely<Database>): Promise<boolean> {
  const there = await db.selectFrom('mini_sites').select('id').executeTakeFirst();
  if (there) return false;
  const shows = await db.selectFrom('presentations').select(['id', 'venue_id']).orderBy('id').execute();
  const at = (...venues: number[]) => shows.filter((s) => venues.includes(s.venue_id)).map((s) => s.id);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mini_sites')
      .values([
        {
          id: MINI_SITE.seaBreeze,
          slug: slugify(SEA_BREEZE_NAME.en ?? ''),
          name_json: JSON.stringify(SEA_BREEZE_NAME),
          kind: 'hotelChain',
          logo_url: '/partners/sea-breeze-hotels.svg',
          sort: 1,
          is_active: 1,
        },
        {
          id: MINI_SITE.techWorkers,
          slug: slugify(TECH_WORKERS_NAME.en ?? ''),
          name_json: JSON.stringify(TECH_WORKERS_NAME),
          kind: 'workersCommittee',
          logo_url: '/partners/tech-workers-committee.svg',
          sort: 2,
          is_active: 1,
        },
      ])
      .execute();
    // The hotel chain sells the cinema and the music hall; the committee the cinema and the orchestra.
    const sold = [
      ...at(VENUE.cinema, VENUE.musicHall).map((p) => ({
        mini_site_id: MINI_SITE.seaBreeze,
        presentation_id: p,
      })),
      ...at(VENUE.cinema, VENUE.philharmonic).map((p) => ({
        mini_site_id: MINI_SITE.techWorkers,
        presentation_id: p,
      })),
    ];
    for (let i = 0; i < sold.length; i += 400)
      await trx
        .insertInto('mini_site_presentations')
        .values(sold.slice(i, i + 400))
        .execute();

    const hotelName = t(
      'מחירון רשת מלונות',
      'Hotel guest price',
      'Цена для гостей отеля',
      'سعر نزلاء الفندق',
      'Cena dla gości hotelu',
    );
    const workersName = t(
      'מחירון ועד עובדים',
      "Committee member's price",
      'Цена для членов комитета',
      'سعر أعضاء اللجنة',
      'Cena dla członków komitetu',
    );
    const partnerName = t('מחיר שותף', 'Partner price', 'Цена партнёра', 'سعر الشريك', 'Cena partnera');
    await trx
      .insertInto('tickets')
      .values([
        ...[TG.cinemaRegular, TG.cinemaPremium, TG.hallA, TG.hallB, TG.hallC, TG.hallD].map((tg) =>
          ticket(tg, 'hotel', hotelName, 75, { mini_site_id: MINI_SITE.seaBreeze }),
        ),
        ...[TG.cinemaRegular, TG.cinemaPremium, TG.orchestraA, TG.orchestraB, TG.orchestraC].map((tg) =>
          ticket(tg, 'workers', workersName, 70, { mini_site_id: MINI_SITE.techWorkers }),
        ),
        ticket(TG.cinemaRegular, 'integration', partnerName, 85, {
          integration_partner_id: INTEGRATION_PARTNER.demo,
        }),
      ])
      .execute();
    await trx
      .insertInto('integration_partners')
      .values({
        id: INTEGRATION_PARTNER.demo,
        name: 'Partner Example (demo)',
        secret: DEMO_INTEGRATION_SECRET,
        return_origin: DEMO_RETURN_ORIGIN,
        is_active: 1,
      })
      .execute();
  });
  return true;
}

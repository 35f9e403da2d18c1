import type { Insertable } from 'kysely';
import type { LocalizedText } from '../../src/api/contract/common.ts';
import type { Database } from '../db/types.ts';
import { TG } from './catalogue.ts';
import { DEMO_PRICE_CODE, PARTNER, t, VOUCHER_CLASS } from './voucherIds.ts';

const ID_NUMBER = t(
  'ת״ז בעל הכרטיס',
  "Card holder's ID number",
  'Номер удостоверения владельца',
  'رقم هوية حامل البطاقة',
  'Numer dowodu posiadacza',
);
const DISTRICT = t('מחוז', 'District', 'Округ', 'اللواء', 'Okręg');
const DISTRICTS = ['North', 'Center', 'South', 'Jerusalem'];

/** The tickets only a code unlocks, in the cinema's and the orchestra's price levels. */
export function codeTickets(): Insertable<Database['tickets']>[] {
  const rows: Insertable<Database['tickets']>[] = [];
  const base = (
    group: number,
    id: number,
    name: LocalizedText,
    code: string,
    price: number,
    regular: number,
  ) => ({
    id: group * 100 + id,
    ticket_group_id: group,
    name_json: JSON.stringify(name),
    code,
    price,
    old_price: regular,
    service_charge: 0,
    price_policy_id: 1,
    multiply_factor: 1,
    is_sub_ticket: 0,
    ref1prompt: null,
    ref2prompt: null,
    min_quantity: null,
    max_quantity: null,
    sort: 50 + id,
    required_ticket_id: null,
    required_minimum: null,
    quota: null,
    is_hidden: 1,
  });
  const voucherName = t(
    'כרטיס בשובר',
    'Voucher ticket',
    'Билет по ваучеру',
    'تذكرة بقسيمة',
    'Bilet z vouchera',
  );
  for (const [group, regular] of [
    [TG.cinemaRegular, 4200],
    [TG.cinemaPremium, 6500],
  ] as const) {
    rows.push({
      ...base(group, 50, voucherName, 'VCH', 0, regular),
      voucher_class_id: VOUCHER_CLASS.cinemaTicket,
    });
    rows.push({
      ...base(group, 51, voucherName, 'VC2', 0, regular),
      voucher_class_id: VOUCHER_CLASS.twoMovies,
    });
    rows.push({
      ...base(
        group,
        70,
        t('חברי הקולנוע', 'Friends of the cinema', 'Друзья кинотеатра', 'أصدقاء السينما', 'Przyjaciele kina'),
        'FRD',
        3000,
        regular,
      ),
      price_code: DEMO_PRICE_CODE,
    });
  }
  for (const [group, regular] of [
    [TG.cinemaRegular, 4200],
    [TG.cinemaPremium, 6500],
    [TG.hallA, 32000],
    [TG.hallB, 24000],
    [TG.hallC, 16000],
    [TG.hallD, 9000],
  ] as const) {
    const pct = (p: number) => Math.round((regular * p) / 10000) * 100;
    rows.push({
      ...base(
        group,
        60,
        t('מחיר חבר', 'Hever price', 'Цена Hever', 'سعر حيفر', 'Cena Hever'),
        'HVR',
        pct(80),
        regular,
      ),
      partner_program_id: PARTNER.hever,
      ref1prompt: JSON.stringify(ID_NUMBER),
      ref1_pattern: '^\\d{9}$',
    });
    rows.push({
      ...base(
        group,
        61,
        t('מחיר מורים', "Teachers' price", 'Цена для учителей', 'سعر المعلمين', 'Cena dla nauczycieli'),
        'TCH',
        pct(75),
        regular,
      ),
      partner_program_id: PARTNER.teachers,
      ref1prompt: JSON.stringify(DISTRICT),
      ref1_options_json: JSON.stringify(DISTRICTS),
    });
  }
  for (const [group, regular] of [
    [TG.orchestraA, 28000],
    [TG.orchestraB, 19000],
    [TG.orchestraC, 12000],
  ] as const)
    rows.push({
      ...base(group, 52, voucherName, 'VNY', 0, regular),
      voucher_class_id: VOUCHER_CLASS.newYearConcert,
    });
  return rows;
}

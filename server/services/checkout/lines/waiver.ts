import type { CartWaiver } from '../../../../src/api/contract/waiver.ts';
import type { LocalizedText } from '../../../../src/api/contract/common.ts';
import { waiverProblems } from '../../../../src/domain/waiver.ts';
import { AppError } from '../../../errors.ts';
import { isPngDataUrl } from '../../waivers/signature.ts';
import { NO_TOTALS, type LineKind } from './types.ts';

interface SignedLine {
  presentationId: number;
  waiverId: number;
  version: number;
  title: string;
  text: string;
  input: CartWaiver;
  ticketNames: Map<number, LocalizedText>;
}

function inLocale(json: string, locale: string): string {
  const text = JSON.parse(json) as Record<string, string>;
  return text[locale] ?? text.he ?? Object.values(text)[0] ?? '';
}

/**
 * The liability waiver (spec sections 2 and 5): a presentation that requires one is sold only with its
 * waiver signed — the adult, one jumper per ticket whose type suits the jumper's age on the show's date,
 * acceptance and a drawn signature, checked with the shop's own rules (src/domain/waiver.ts). It costs
 * nothing; the signed text (in the language it was read), the signature, the time and the address are
 * kept with the order and stay with it whatever happens to the payment.
 */
export const waiver: LineKind<SignedLine> = {
  name: 'waiver',

  async validate(trx, ctx, cart) {
    const ids = [...new Set(cart.seats.map((s) => s.pi))];
    // The seat lines, validated first, read every presentation of the cart's seats with its waiver.
    const known = ids.map((id) => ctx.presentations.get(id));
    const needing =
      ids.length === 0
        ? []
        : known.every((p) => p?.waiverId !== undefined && p.businessDate !== undefined)
          ? known.flatMap((p) =>
              p!.waiverId != null
                ? [{ id: p!.id, waiver_id: p!.waiverId, business_date: p!.businessDate! }]
                : [],
            )
          : await trx
              .selectFrom('presentations')
              .select(['id', 'waiver_id', 'business_date'])
              .where('id', 'in', ids)
              .where('waiver_id', 'is not', null)
              .execute();
    const w = cart.waiver;
    if (needing.length === 0) {
      if (w) throw new AppError('waiver_not_required', 'these seats need no waiver');
      return null;
    }
    const p = needing.find((n) => n.id === w?.presentationId);
    if (!w || !p || needing.length > 1)
      throw new AppError('waiver_required', 'sign the waiver before paying', {
        presentationId: needing[0]!.id,
      });
    const row = await trx
      .selectFrom('waivers')
      .selectAll()
      .where('id', '=', p.waiver_id!)
      .executeTakeFirstOrThrow();
    if (w.waiverId !== row.id || w.version !== row.version)
      throw new AppError('waiver_version_changed', 'the waiver changed; read and sign it again');

    const ticketIds = cart.seats.filter((s) => s.pi === p.id).map((s) => s.ticketId);
    const tickets = await trx
      .selectFrom('tickets')
      .select(['id', 'name_json', 'min_age', 'max_age'])
      .where('id', 'in', [...new Set(ticketIds)])
      .execute();
    const problems = waiverProblems(
      { adult: w.adult, jumpers: w.jumpers, accepted: w.accepted, signed: isPngDataUrl(w.signature) },
      {
        showDate: p.business_date,
        adultMinAge: row.adult_min_age,
        ticketIds,
        bounds: new Map(tickets.map((t) => [t.id, { minAge: t.min_age, maxAge: t.max_age }])),
      },
    );
    const first = problems[0];
    if (first) {
      const { code, ...params } = first;
      throw new AppError(code, `the waiver: ${code}`, params);
    }
    return {
      presentationId: p.id,
      waiverId: row.id,
      version: row.version,
      title: inLocale(row.title_json, w.locale),
      text: inLocale(row.text_json, w.locale),
      input: w,
      ticketNames: new Map(tickets.map((t) => [t.id, JSON.parse(t.name_json) as LocalizedText])),
    };
  },

  price: () => NO_TOTALS,

  async reserve(trx, ctx, order, line) {
    const { input } = line;
    await trx
      .insertInto('order_waivers')
      .values({
        reservation_identifier: order.reservationIdentifier,
        presentation_id: line.presentationId,
        waiver_id: line.waiverId,
        waiver_version: line.version,
        locale: input.locale,
        title: line.title,
        text: line.text,
        adult_name: input.adult.name.trim(),
        adult_id_number: input.adult.idNumber.trim(),
        adult_date_of_birth: input.adult.dateOfBirth,
        jumpers_json: JSON.stringify(
          input.jumpers.map((j) => ({
            name: j.name.trim(),
            dateOfBirth: j.dateOfBirth,
            ticketId: j.ticketId,
            ticketName: line.ticketNames.get(j.ticketId) ?? {},
          })),
        ),
        signature_png: input.signature,
        signed_at: ctx.now,
        signed_from: ctx.origin.address,
        user_agent: ctx.origin.userAgent,
      })
      .execute();
  },

  // The signed waiver is a record of what was agreed: payment outcomes and cancellations keep it.
  async fulfil() {},
  async release() {},
  async cancel() {},
};

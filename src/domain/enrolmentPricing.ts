import type { EnrolmentMembership } from '../api/contract/enrolment.ts';

/** What the pricing reads of an enrolment membership (the shop's answer and the box office's alike). */
export type EnrolmentPricing = Pick<
  EnrolmentMembership,
  'IsPricingPerTicket' | 'Price' | 'TicketGroups' | 'Presentations' | 'PresentationDetail'
>;

export interface EnrolmentQuote {
  total: number;
  /** What each presentation's ticket costs (the order's ticket rows), in the order asked; sums to total. */
  perPresentation: { presentationId: number; price: number }[];
}

/** The tariff's own price: a ticket of the membership's ticket group; undefined when it is none of them. */
export function tariffPrice(
  m: EnrolmentPricing,
  ticketGroupId: number,
  ticketId: number,
): number | undefined {
  return m.TicketGroups.find((g) => g.TicketGroupId === ticketGroupId)?.Tickets.find(
    (t) => t.TicketId === ticketId,
  )?.Price;
}

/**
 * The price of a season enrolment for a tariff and the presentations chosen (spec section 3).
 * Per ticket: the sum over the presentations of the tariff's price, or the presentation's override of
 * it (PresentationDetail with IsPriceOverride). Per membership: the membership's price, shared out
 * over the presentations by their MembershipPayableAmount (the detail's first) when those add up to
 * it, evenly otherwise. Undefined when the tariff is not one of the membership's.
 */
export function enrolmentPrice(
  m: EnrolmentPricing,
  tariff: { ticketGroupId: number; ticketId: number },
  presentationIds: readonly number[],
): EnrolmentQuote | undefined {
  const base = tariffPrice(m, tariff.ticketGroupId, tariff.ticketId);
  if (base === undefined) return undefined;
  const detailOf = (pi: number) =>
    m.PresentationDetail.find(
      (d) =>
        d.PresentationId === pi && d.TicketGroupId === tariff.ticketGroupId && d.TicketId === tariff.ticketId,
    );
  if (m.IsPricingPerTicket) {
    const perPresentation = presentationIds.map((pi) => {
      const d = detailOf(pi);
      return { presentationId: pi, price: d?.IsPriceOverride ? d.Price : base };
    });
    return { total: perPresentation.reduce((a, p) => a + p.price, 0), perPresentation };
  }
  const total = m.Price;
  const payable = presentationIds.map(
    (pi) =>
      detailOf(pi)?.MembershipPayableAmount ??
      m.Presentations.find((p) => p.PresentationId === pi)?.MembershipPayableAmount ??
      null,
  );
  const given = payable.every((a) => a !== null) ? payable.reduce<number>((a, b) => a + (b ?? 0), 0) : -1;
  if (given === total)
    return {
      total,
      perPresentation: presentationIds.map((pi, i) => ({ presentationId: pi, price: payable[i]! })),
    };
  const n = presentationIds.length;
  const share = n === 0 ? 0 : Math.floor(total / n);
  const rest = total - share * n;
  return {
    total: n === 0 ? 0 : total,
    perPresentation: presentationIds.map((pi, i) => ({
      presentationId: pi,
      price: share + (i < rest ? 1 : 0),
    })),
  };
}

/**
 * What the whole subscription costs at a tariff, before the concerts of choice are chosen (the tariff
 * step says it, not first the Pay button): the required concerts and the `optionalChoices` cheapest,
 * up to the dearest, of the optional ones, as enrolmentPrice prices them. Per membership both are the
 * membership's price; per ticket they differ only where an optional concert has a price of its own.
 * `concerts` is how many the subscription takes. Undefined when the tariff is not one of the membership's.
 */
export function enrolmentTotalRange(
  m: EnrolmentPricing & Pick<EnrolmentMembership, 'optionalChoices'>,
  tariff: { ticketGroupId: number; ticketId: number },
): { min: number; max: number; concerts: number } | undefined {
  const optional = m.Presentations.filter((p) => !p.IsRequired).map((p) => p.PresentationId);
  const k = Math.min(m.optionalChoices, optional.length);
  const concerts = m.Presentations.length - optional.length + k;
  if (!m.IsPricingPerTicket) {
    return tariffPrice(m, tariff.ticketGroupId, tariff.ticketId) === undefined
      ? undefined
      : { min: m.Price, max: m.Price, concerts };
  }
  const all = enrolmentPrice(
    m,
    tariff,
    m.Presentations.map((p) => p.PresentationId),
  );
  if (!all) return undefined;
  const priceOf = new Map(all.perPresentation.map((q) => [q.presentationId, q.price]));
  const required = m.Presentations.filter((p) => p.IsRequired).reduce(
    (a, p) => a + priceOf.get(p.PresentationId)!,
    0,
  );
  const choices = optional.map((id) => priceOf.get(id)!).sort((a, b) => a - b);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    min: required + sum(choices.slice(0, k)),
    max: required + sum(choices.slice(choices.length - k)),
    concerts,
  };
}

/** The presentations an enrolment takes: every required one and the optional ones chosen, by sort. */
export function enrolmentPresentations(
  m: Pick<EnrolmentMembership, 'Presentations'>,
  optional: readonly number[],
) {
  const chosen = new Set(optional);
  return m.Presentations.filter((p) => p.IsRequired || chosen.has(p.PresentationId)).map(
    (p) => p.PresentationId,
  );
}

/** Whether the optional presentations chosen are exactly `optionalChoices` distinct optional ones. */
export function validOptionalChoice(
  m: Pick<EnrolmentMembership, 'Presentations' | 'optionalChoices'>,
  optional: readonly number[],
): boolean {
  const ids = new Set(optional);
  if (ids.size !== optional.length || ids.size !== m.optionalChoices) return false;
  return [...ids].every((id) => m.Presentations.some((p) => p.PresentationId === id && !p.IsRequired));
}

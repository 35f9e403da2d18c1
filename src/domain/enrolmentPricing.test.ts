import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EnrolmentMembership } from '../api/contract/enrolment.ts';
import {
  enrolmentPresentations,
  enrolmentPrice,
  type EnrolmentPricing,
  enrolmentTotalRange,
  validOptionalChoice,
} from './enrolmentPricing.ts';

const presentation = (id: number, required: boolean, payable: number | null = null) => ({
  PresentationId: id,
  IsRequired: required,
  MembershipPayableAmount: payable,
  title: {},
  startsAt: '2026-12-01T18:00:00.000Z',
  venue: {},
});

const membership = (
  over: Partial<EnrolmentPricing> = {},
): EnrolmentPricing & Pick<EnrolmentMembership, 'optionalChoices'> => ({
  IsPricingPerTicket: true,
  Price: 0,
  optionalChoices: 2,
  TicketGroups: [{ TicketGroupId: 22, name: {}, Tickets: [{ TicketId: 2201, Price: 15000, name: {} }] }],
  Presentations: [1, 2, 3]
    .map((id) => presentation(id, true))
    .concat([4, 5, 6].map((id) => presentation(id, false))),
  PresentationDetail: [],
  ...over,
});
const tariff = { ticketGroupId: 22, ticketId: 2201 };

describe('enrolment pricing', () => {
  it('per ticket: the tariff price in each presentation, an override where one is given', () => {
    const m = membership({
      PresentationDetail: [
        {
          PresentationId: 2,
          TicketGroupId: 22,
          TicketId: 2201,
          IsPriceOverride: true,
          Price: 20000,
          MembershipPayableAmount: null,
        },
        {
          PresentationId: 3,
          TicketGroupId: 22,
          TicketId: 2201,
          IsPriceOverride: false,
          Price: 1,
          MembershipPayableAmount: null,
        },
      ],
    });
    expect(enrolmentPrice(m, tariff, [1, 2, 3])).toEqual({
      total: 50000,
      perPresentation: [
        { presentationId: 1, price: 15000 },
        { presentationId: 2, price: 20000 },
        { presentationId: 3, price: 15000 },
      ],
    });
    expect(enrolmentPrice(m, { ticketGroupId: 22, ticketId: 9 }, [1])).toBeUndefined();
    expect(enrolmentPrice(m, { ticketGroupId: 21, ticketId: 2201 }, [1])).toBeUndefined();
  });

  it('per membership: the membership price, shared by the payable amounts when they add up', () => {
    const m = membership({
      IsPricingPerTicket: false,
      Price: 60000,
      Presentations: [1, 2, 3].map((id) => presentation(id, true, 20000)),
    });
    expect(enrolmentPrice(m, tariff, [1, 2, 3])?.perPresentation.map((p) => p.price)).toEqual([
      20000, 20000, 20000,
    ]);
    const uneven = membership({ IsPricingPerTicket: false, Price: 10000 });
    expect(enrolmentPrice(uneven, tariff, [1, 2, 3])?.perPresentation.map((p) => p.price)).toEqual([
      3334, 3333, 3333,
    ]);
  });

  it('always: the shares add up to the total, every share an integer, per ticket the sum of the tariff or override', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 6 }),
            fc.boolean(),
            fc.integer({ min: 0, max: 100_000 }),
            fc.option(fc.integer({ min: 0, max: 100_000 })),
          ),
          { maxLength: 6 },
        ),
        (perTicket, price, ticketPrice, ids, details) => {
          const m = membership({
            IsPricingPerTicket: perTicket,
            Price: price,
            TicketGroups: [
              { TicketGroupId: 22, name: {}, Tickets: [{ TicketId: 2201, Price: ticketPrice, name: {} }] },
            ],
            PresentationDetail: details.map(([pi, o, p, pay]) => ({
              PresentationId: pi,
              TicketGroupId: 22,
              TicketId: 2201,
              IsPriceOverride: o,
              Price: p,
              MembershipPayableAmount: pay,
            })),
          });
          const q = enrolmentPrice(m, tariff, ids)!;
          expect(q.perPresentation.map((p) => p.presentationId)).toEqual(ids);
          expect(q.perPresentation.reduce((a, p) => a + p.price, 0)).toBe(q.total);
          for (const p of q.perPresentation) expect(Number.isInteger(p.price) && p.price >= 0).toBe(true);
          if (!perTicket) expect(q.total).toBe(price);
          else
            for (const p of q.perPresentation) {
              const d = m.PresentationDetail.find((x) => x.PresentationId === p.presentationId);
              expect(p.price).toBe(d?.IsPriceOverride ? d.Price : ticketPrice);
            }
        },
      ),
    );
  });

  it('takes every required presentation and exactly the optional choices', () => {
    const m = membership();
    expect(enrolmentPresentations(m, [6, 4])).toEqual([1, 2, 3, 4, 6]);
    expect(validOptionalChoice(m, [4, 6])).toBe(true);
    for (const bad of [[], [4], [4, 5, 6], [4, 4], [1, 4], [4, 9]])
      expect(validOptionalChoice(m, bad)).toBe(false);
  });

  it('the tariff step names the whole subscription: one total, or its least and most by the choice', () => {
    expect(enrolmentTotalRange(membership(), tariff)).toEqual({ min: 75000, max: 75000, concerts: 5 });
    expect(enrolmentTotalRange(membership({ IsPricingPerTicket: false, Price: 60000 }), tariff)).toEqual({
      min: 60000,
      max: 60000,
      concerts: 5,
    });
    expect(enrolmentTotalRange(membership(), { ticketGroupId: 22, ticketId: 9 })).toBeUndefined();
  });

  it('every choice of concerts costs within the range the tariff step named, both ends reached', () => {
    const override = fc.record({
      PresentationId: fc.integer({ min: 1, max: 6 }),
      IsPriceOverride: fc.boolean(),
      Price: fc.integer({ min: 0, max: 50000 }),
    });
    fc.assert(
      fc.property(fc.array(override, { maxLength: 6 }), fc.integer({ min: 0, max: 3 }), (overrides, k) => {
        const m = {
          ...membership({
            PresentationDetail: overrides.map((o) => ({
              ...o,
              TicketGroupId: 22,
              TicketId: 2201,
              MembershipPayableAmount: null,
            })),
          }),
          optionalChoices: k,
        };
        const range = enrolmentTotalRange(m, tariff)!;
        const totals: number[] = [];
        const optional = [4, 5, 6];
        for (let mask = 0; mask < 8; mask++) {
          const chosen = optional.filter((_, i) => mask & (1 << i));
          if (!validOptionalChoice(m, chosen)) continue;
          totals.push(enrolmentPrice(m, tariff, enrolmentPresentations(m, chosen))!.total);
        }
        expect(Math.min(...totals)).toBe(range.min);
        expect(Math.max(...totals)).toBe(range.max);
        expect(range.concerts).toBe(3 + k);
      }),
    );
  });
});

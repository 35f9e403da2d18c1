import { describe, expect, it } from 'vitest';
import type { AdminPresentation } from './api.ts';
import { saleChange, saleDraftOf, saleValid } from './ShowSale.tsx';

const lockTimer = {
  chooseSeatsInSeconds: 480,
  chooseTicketsInSeconds: 240,
  customerInfoInSeconds: 480,
  chooseProductsInSeconds: 240,
};
const show = {
  isReserved: true,
  seatingPolicyId: 1,
  serviceCharge: 500,
  lockTimer,
  waiverId: null,
  miniSiteIds: [2, 1],
} as unknown as AdminPresentation;

describe('the sale fields of a show', () => {
  it('sends nothing when nothing changed, and only what changed', () => {
    const d = saleDraftOf(show);
    expect(d).toMatchObject({ noSingles: false, fee: 5, waiverId: '', miniSiteIds: [1, 2] });
    expect(saleChange(show, d)).toEqual({});
    expect(saleChange(show, { ...d, fee: 7.5, noSingles: true, waiverId: '1', miniSiteIds: [2] })).toEqual({
      serviceCharge: 750,
      seatingPolicyId: 3,
      waiverId: 1,
      miniSiteIds: [2],
    });
    expect(saleChange(show, { ...d, minutes: { ...d.minutes, chooseSeatsInSeconds: 10 } })).toEqual({
      lockTimer: { ...lockTimer, chooseSeatsInSeconds: 600 },
    });
    expect(
      saleChange({ ...show, waiverId: 1 }, { ...saleDraftOf({ ...show, waiverId: 1 }), waiverId: '' }),
    ).toEqual({
      waiverId: null,
    });
  });

  it('leaves the single-seat rule alone on a general-admission show', () => {
    const ga = { ...show, isReserved: false } as AdminPresentation;
    expect(saleChange(ga, { ...saleDraftOf(ga), noSingles: true })).toEqual({});
  });

  it('takes a fee from 0 and steps of at least a minute', () => {
    const d = saleDraftOf(show);
    expect(saleValid(d)).toBe(true);
    expect(saleValid({ ...d, fee: '' })).toBe(false);
    expect(saleValid({ ...d, fee: -1 })).toBe(false);
    expect(saleValid({ ...d, minutes: { ...d.minutes, customerInfoInSeconds: 0.5 } })).toBe(false);
  });
});

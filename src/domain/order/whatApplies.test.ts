import { describe, expect, it } from 'vitest';
import { codeButtonsThatApply, fundOffered, fundOfferedWithAny, ticketStepBlocks } from './whatApplies.ts';

const on = { isSeniorLookupEnabled: true };
const buttons = [
  { kind: 'partnerCard', label: 'Hever' },
  { kind: 'partnerCard', label: 'Teachers' },
  { kind: 'code', label: 'Voucher or code' },
] as const;

describe('ticketStepBlocks', () => {
  it('offers nothing for a presentation whose tickets are all for everyone (a trampoline session)', () => {
    const blocks = ticketStepBlocks([], on);
    expect(blocks).toEqual({ partnerCards: false, codes: false, senior: false });
    expect(codeButtonsThatApply(buttons, blocks)).toEqual([]);
  });

  it('offers the partner cards and the code field where partner prices are sold', () => {
    const blocks = ticketStepBlocks(['partnerProgram'], on);
    expect(blocks).toEqual({ partnerCards: true, codes: true, senior: false });
    expect(codeButtonsThatApply(buttons, blocks).map((b) => b.label)).toEqual([
      'Hever',
      'Teachers',
      'Voucher or code',
    ]);
  });

  it.each([['voucher'], ['code']] as const)(
    'offers the code field, not the partner cards, for %s tickets',
    (a) => {
      const blocks = ticketStepBlocks([a], on);
      expect(blocks).toEqual({ partnerCards: false, codes: true, senior: false });
      expect(codeButtonsThatApply(buttons, blocks).map((b) => b.label)).toEqual(['Voucher or code']);
    },
  );

  it('offers the senior lookup only with a senior price, and only while the venue offers it', () => {
    expect(ticketStepBlocks(['senior', 'voucher'], on).senior).toBe(true);
    expect(ticketStepBlocks(['senior'], { isSeniorLookupEnabled: false }).senior).toBe(false);
    expect(ticketStepBlocks(['member', 'miniSite'], on)).toEqual({
      partnerCards: false,
      codes: false,
      senior: false,
    });
  });

  it('offers every way in when the box office does not say whom the tickets are for', () => {
    expect(ticketStepBlocks(undefined, on)).toEqual({ partnerCards: true, codes: true, senior: true });
    expect(ticketStepBlocks(undefined, { isSeniorLookupEnabled: false }).senior).toBe(false);
  });
});

describe('fundOffered', () => {
  const orchestra = { venueIds: [3], categories: ['orchestra' as const] };
  const park = { venueId: 7, category: 'sport' };

  it('offers a fund without a scope, or with an empty one, with every order', () => {
    expect(fundOffered(undefined, park)).toBe(true);
    expect(fundOffered({ venueIds: [], categories: [] }, park)).toBe(true);
  });

  it("offers the orchestra's fund at its venue or in its category, not at the park", () => {
    expect(fundOffered(orchestra, { venueId: 3, category: 'concert' })).toBe(true);
    expect(fundOffered(orchestra, { venueId: 2, category: 'orchestra' })).toBe(true);
    expect(fundOffered(orchestra, park)).toBe(false);
    expect(fundOffered({ venueIds: [], categories: ['movie'] }, { venueId: 1, category: 'movie' })).toBe(
      true,
    );
  });

  it('offers a fund with a cart when any of its presentations is in scope', () => {
    expect(fundOfferedWithAny(orchestra, [park, { venueId: 3, category: 'orchestra' }])).toBe(true);
    expect(fundOfferedWithAny(orchestra, [park])).toBe(false);
    expect(fundOfferedWithAny(orchestra, [])).toBe(false);
  });
});

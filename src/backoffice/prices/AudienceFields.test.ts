import { describe, expect, it } from 'vitest';
import { audienceOf, EVERYONE } from './AudienceFields.tsx';

describe('whom a new ticket type is for', () => {
  it('answers what the box office takes, once a kind has what it names', () => {
    expect(audienceOf(EVERYONE)).toEqual({ kind: 'everyone' });
    expect(audienceOf({ ...EVERYONE, kind: 'senior' })).toEqual({ kind: 'senior' });
    expect(audienceOf({ ...EVERYONE, kind: 'code', code: ' Early10 ' })).toEqual({
      kind: 'code',
      priceCode: 'Early10',
    });
    expect(audienceOf({ ...EVERYONE, kind: 'member', ref: '2' })).toEqual({
      kind: 'member',
      membershipId: 2,
    });
    expect(audienceOf({ ...EVERYONE, kind: 'miniSite', ref: '1' })).toEqual({
      kind: 'miniSite',
      miniSiteId: 1,
    });
    expect(audienceOf({ ...EVERYONE, kind: 'voucher', ref: '4' })).toEqual({
      kind: 'voucher',
      voucherClassId: 4,
    });
    expect(audienceOf({ ...EVERYONE, kind: 'partnerProgram', ref: '1' })).toEqual({
      kind: 'partnerProgram',
      partnerProgramId: 1,
    });
  });

  it('is not ready without the membership, site or class, or with a code the box office refuses', () => {
    for (const kind of ['member', 'miniSite', 'voucher', 'partnerProgram'] as const)
      expect(audienceOf({ ...EVERYONE, kind })).toBeNull();
    for (const code of ['', 'ab', 'two words', 'x'.repeat(41)])
      expect(audienceOf({ ...EVERYONE, kind: 'code', code })).toBeNull();
  });
});

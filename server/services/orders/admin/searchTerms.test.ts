import { describe, expect, it } from 'vitest';
import { readSearchText } from './searchTerms.ts';

/** What the box office reads a search text as (issue 36): codes exactly, contacts normalised, else a name. */
describe('readSearchText', () => {
  it('reads codes upper case: a reservation, a ticket (its QR code), a voucher with or without dashes', () => {
    expect(readSearchText(' ab3cd4ef5g ')).toEqual([
      { kind: 'reservation', value: 'AB3CD4EF5G' },
      { kind: 'ticket', value: 'AB3CD4EF5G' },
      { kind: 'voucher', values: ['AB3CD4EF5G'] },
    ]);
    expect(readSearchText('k7qm2xnp8rt4')).toContainEqual({
      kind: 'voucher',
      values: ['K7QM2XNP8RT4', 'K7QM-2XNP-8RT4'],
    });
    expect(readSearchText('GIFT-150-SANDBOX')).toEqual([
      { kind: 'ticket', value: 'GIFT-150-SANDBOX' },
      { kind: 'voucher', values: ['GIFT-150-SANDBOX'] },
    ]);
  });

  it("reads an e-ticket's signed QR code (issue 37) as its ticket, whatever a scanner adds", () => {
    const signed = `T1.AB3CD4EF5GHJ.42.${'x'.repeat(86)}`;
    expect(readSearchText(`${signed}\n`)).toEqual([{ kind: 'ticket', value: 'AB3CD4EF5GHJ' }]);
  });

  it('reads contacts and a card: an e-mail lower case, a mobile number in any spelling, four digits', () => {
    expect(readSearchText('Dana@Example.COM')).toEqual([{ kind: 'email', value: 'dana@example.com' }]);
    for (const typed of ['050-123-4567', '+972 50 123 4567', '(050) 1234567'])
      expect(readSearchText(typed)).toEqual([{ kind: 'phone', value: '0501234567' }]);
    expect(readSearchText('4242')).toEqual([{ kind: 'cardLast4', value: '4242' }]);
  });

  it('reads words as a name when one has three letters; ten letters may also be a reservation', () => {
    expect(readSearchText('Dana Levi')).toEqual([{ kind: 'name', words: ['dana', 'levi'] }]);
    expect(readSearchText('לוי')).toEqual([{ kind: 'name', words: ['לוי'] }]);
    expect(readSearchText('Li Wu')).toEqual([]);
    expect(readSearchText('Rosenbaumm').map((t) => t.kind)).toEqual(['reservation', 'name']);
    expect(readSearchText("50% o'neil")).toEqual([]);
    expect(readSearchText('   ')).toEqual([]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOM, csvField, shekels, toCsv } from './csv.ts';

describe('the CSV writer', () => {
  it('starts with a BOM, ends lines with CRLF, and quotes only what needs it', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['plain', 12],
          ['with, comma', 'say "hi"'],
          ['two\nlines', ' pad'],
        ],
      ),
    ).toBe(`${BOM}a,b\r\nplain,12\r\n"with, comma","say ""hi"""\r\n"two\nlines"," pad"\r\n`);
  });

  it('keeps Hebrew as it is, and defuses formulas but not negative amounts', () => {
    expect(csvField('קולנוע לב, אולם 1')).toBe('"קולנוע לב, אולם 1"');
    expect(csvField('סרט')).toBe('סרט');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-0.50')).toBe('-0.50');
    expect(csvField(-3)).toBe('-3');
  });

  it('writes agorot as shekels with two decimals', () => {
    expect(shekels(0)).toBe('0.00');
    expect(shekels(5)).toBe('0.05');
    expect(shekels(123_405)).toBe('1234.05');
    expect(shekels(-50)).toBe('-0.50');
    expect(() => shekels(1.5)).toThrow(RangeError);
  });

  it('reads back as the same whole number of agorot, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (agorot) => {
        const text = shekels(agorot);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        const [whole, cents] = text.replace('-', '').split('.') as [string, string];
        const back = (Number(whole) * 100 + Number(cents)) * (text.startsWith('-') ? -1 : 1);
        expect(back).toBe(agorot);
      }),
    );
  });

  it('quotes any text so that a CSV reader gets it back', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.startsWith("'")),
        (s) => {
          const field = csvField(s);
          const unquoted = field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
          expect(unquoted.replace(/^'(?=[=+@\t\r-])/, '')).toBe(s);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, detectDelimiter, readCsv, writeCsv } from './csv.ts';

const fieldsOf = (text: string, delimiter: ',' | ';' = ',') => {
  const result = readCsv(text, delimiter);
  if (!result.ok) throw new Error(`unreadable: ${result.reason} at ${result.line}`);
  return result.records;
};

describe('readCsv', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\nlast,,\r\n';
    expect(fieldsOf(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'two\r\nlines'] },
      { line: 4, fields: ['last', '', ''] },
    ]);
  });

  it('reads LF files, a missing final line break, a BOM, and skips blank lines', () => {
    expect(fieldsOf('\uFEFFa;b\n\n1;"2;3"', ';')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', '2;3'] },
    ]);
  });

  it('keeps a trailing empty field', () => {
    expect(fieldsOf('a,b,\n')).toEqual([{ line: 1, fields: ['a', 'b', ''] }]);
    expect(fieldsOf('a,b,')).toEqual([{ line: 1, fields: ['a', 'b', ''] }]);
  });

  it('answers the line of a broken quote', () => {
    expect(readCsv('a,b\n"open,1\n', ',')).toEqual({ ok: false, line: 2, reason: 'unclosed_quote' });
    expect(readCsv('a,b\nx"y,1\n', ',')).toEqual({ ok: false, line: 2, reason: 'quote_in_field' });
    expect(readCsv('a,b\n"x"y,1\n', ',')).toEqual({ ok: false, line: 2, reason: 'text_after_quote' });
  });
});

describe('detectDelimiter', () => {
  it('takes what separates the header fields', () => {
    expect(detectDelimiter('section;row;seat;x;y;price_level\n1,5;2')).toBe(';');
    expect(detectDelimiter('section,row,seat,x,y,price_level\n"a;b";c')).toBe(',');
    expect(detectDelimiter('"a;b;c",d,e\n')).toBe(',');
  });
});

describe('writeCsv', () => {
  it('quotes only where needed and ends records with CRLF', () => {
    expect(writeCsv([['a', 'b,c', 'd"e', ' f', 'אולם; 1']])).toBe('a,"b,c","d""e"," f",אולם; 1\r\n');
    expect(csvField('x;y', ';')).toBe('"x;y"');
  });

  it('reads back what it wrote, with either delimiter', () => {
    const table = fc.array(
      fc.array(fc.string({ unit: 'grapheme', maxLength: 8 }), { minLength: 2, maxLength: 5 }),
      {
        minLength: 1,
        maxLength: 6,
      },
    );
    fc.assert(
      fc.property(table, fc.constantFrom(',' as const, ';' as const), (rows, delimiter) => {
        // A record of one empty field is a blank line, which readers skip: every record here has two fields.
        const records = fieldsOf(writeCsv(rows, delimiter), delimiter);
        expect(records.map((r) => r.fields)).toEqual(rows);
      }),
    );
  });
});

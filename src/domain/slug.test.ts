import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Sea Breeze Hotels', 'sea-breeze-hotels'],
    ["Tech Workers' Committee", 'tech-workers-committee'],
    ['  Café   Crème -- Brûlée  ', 'cafe-creme-brulee'],
    ['Łódź Straße Øresund', 'lodz-strasse-oresund'],
    ['Zażółć gęślą jaźń', 'zazolc-gesla-jazn'],
    ['---a___b---', 'ab'],
    ['Hall 2 / Night', 'hall-2-night'],
    ['מלונות חוף הים 2026', '2026'],
    ['ועד העובדים', ''],
    ['', ''],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const once = slugify(s);
        expect(slugify(once)).toBe(once);
      }),
    );
  });

  it('gives a well-formed slug or nothing', () => {
    const letters = fc.constantFrom(
      ...'aáàâäãåąbcçćdeéèêëęfghiíìîïjklłmnñńoóòôöøpqrsßśtuúùûüvwxyýzž -_–/!?.'.split(''),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: letters, maxLength: 60 })),
        (s) => {
          const slug = slugify(s);
          expect(slug === '' || SLUG_PATTERN.test(slug)).toBe(true);
        },
      ),
    );
  });

  it('keeps the Latin letters and digits of a name, in order', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,12}( [a-z0-9]{1,12}){0,4}$/), (s) => {
        expect(slugify(s)).toBe(s.replace(/ /g, '-'));
      }),
    );
  });
});

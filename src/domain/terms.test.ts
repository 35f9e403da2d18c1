import { describe, expect, it } from 'vitest';
import { orderTermsFor, termsAddress, termsHosts, termsParagraphs } from './terms.ts';

describe('the order terms a customer reads', () => {
  it('tells an address from text: one http(s) URL or a path on this site, nothing else', () => {
    expect(termsAddress(' https://venue.example/terms ')).toBe('https://venue.example/terms');
    expect(termsAddress('/terms')).toBe('/terms');
    expect(termsAddress('/https://venue.example/terms')).toBe('/https://venue.example/terms');
    expect(termsAddress('javascript:alert(1)')).toBeNull();
    expect(termsAddress('//evil.example/x')).toBeNull();
    expect(termsAddress('See https://venue.example/terms')).toBeNull();
    expect(termsAddress('Tickets. Each ticket admits one person.')).toBeNull();
  });

  it('splits text into paragraphs at blank lines, keeping single line breaks', () => {
    expect(termsParagraphs('One.\r\n\r\nTwo,\nstill two.\n \n\n\nThree.\n')).toEqual([
      'One.',
      'Two,\nstill two.',
      'Three.',
    ]);
  });

  it("shows the page's language, else English, else Hebrew; the one address wins over all", () => {
    const terms = { he: 'תנאים.\n\nעוד.', en: 'Terms.', pl: 'https://venue.example/pl' };
    expect(orderTermsFor({ termsUrl: null, terms }, 'he')).toEqual({
      kind: 'text',
      paragraphs: ['תנאים.', 'עוד.'],
    });
    expect(orderTermsFor({ termsUrl: null, terms }, 'ru')).toEqual({ kind: 'text', paragraphs: ['Terms.'] });
    expect(orderTermsFor({ termsUrl: null, terms }, 'pl')).toEqual({
      kind: 'address',
      url: 'https://venue.example/pl',
    });
    expect(orderTermsFor({ termsUrl: 'https://venue.example/terms', terms }, 'he')).toEqual({
      kind: 'address',
      url: 'https://venue.example/terms',
    });
  });

  it('is nothing when the venue set none (the box then links to nothing it cannot show)', () => {
    expect(orderTermsFor({ termsUrl: null, terms: null }, 'en')).toBeNull();
    expect(orderTermsFor({ termsUrl: null, terms: { en: '  \n\n ' } }, 'en')).toBeNull();
  });

  it('names the hosts the terms send customers to', () => {
    expect(
      termsHosts({
        termsUrl: 'https://a.example/t',
        terms: { en: 'Text.', pl: 'https://b.example/pl', he: '/t' },
      }),
    ).toEqual(['a.example', 'b.example']);
  });
});

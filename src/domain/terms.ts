import type { Locale, LocalizedText } from '../api/contract/common.ts';
import { pickText } from './format.ts';

/**
 * The venue's order terms as the customer reads them beside "I have read and accept the order terms":
 * an address opened in a new tab, or the text itself, shown in a dialog. The box office sends plain
 * text (never markup), so the shop shows it as paragraphs and nothing in it can run.
 */
export type OrderTerms = { kind: 'address'; url: string } | { kind: 'text'; paragraphs: string[] };

/** The settings the terms come from (GET /api/settings, `order`). */
export interface TermsSettings {
  /** One address for every language (the spec's external terms link); it wins when set. */
  termsUrl: string | null;
  /** Per language: an http(s) address, or the terms' text (paragraphs apart by a blank line). */
  terms: LocalizedText | null;
}

/**
 * The value as an address: one absolute http(s) URL, or a path on this site ('/terms', or '/http…', the
 * spec's external link), and nothing else; null for text.
 */
export function termsAddress(value: string): string | null {
  const v = value.trim();
  if (!v || /\s/.test(v)) return null;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  try {
    const url = new URL(v);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Text as paragraphs: a blank line apart; a single line break stays inside its paragraph. */
export function termsParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * The terms for the page's language: the one address when `termsUrl` is set, else the language's own
 * terms (then English, then Hebrew, as every text of the venue falls back). Null when there are none:
 * the box then names no terms it cannot show.
 */
export function orderTermsFor(s: TermsSettings, locale: Locale): OrderTerms | null {
  const one = s.termsUrl ? termsAddress(s.termsUrl) : null;
  if (one) return { kind: 'address', url: one };
  const value = s.terms ? pickText(s.terms, locale).trim() : '';
  if (!value) return null;
  const url = termsAddress(value);
  if (url) return { kind: 'address', url };
  const paragraphs = termsParagraphs(value);
  return paragraphs.length > 0 ? { kind: 'text', paragraphs } : null;
}

/** The hosts the terms send customers to (the box office follows links to them without a warning). */
export function termsHosts(s: TermsSettings): string[] {
  const values = [s.termsUrl ?? '', ...Object.values(s.terms ?? {})];
  return values.flatMap((v) => {
    const url = v ? termsAddress(v) : null;
    return url && !url.startsWith('/') ? [new URL(url).hostname] : [];
  });
}

import type { OrderMatchKind } from '../../../../src/api/contract/ordersAdmin.ts';
import { parseDoorCode } from '../../../../src/domain/door/doorCode.ts';
import { normalizeIsraeliMobile } from '../../../../src/domain/validation.ts';
import { MIN_INDEXED_WORD } from '../../../db/repositories/orderSearch.ts';

/** One way to read the search text, with the value to look it up by. */
export type SearchTerm =
  | { kind: 'reservation' | 'ticket' | 'email' | 'phone' | 'cardLast4'; value: string }
  | { kind: 'voucher'; values: string[] }
  | { kind: 'name'; words: string[] };

const CODE = /^[A-Z0-9][A-Z0-9-]{3,39}$/;
const WORD = /^[\p{L}\p{M}'’.-]+$/u;

/**
 * Every kind the text a clerk typed (or a handheld scanner typed, as a keyboard does, followed by Enter)
 * can be, so that nobody chooses a kind first: what the box office gives out is read as code (reservation
 * numbers, ticket numbers, which are what an e-ticket's QR code holds, gift-card and voucher codes, all
 * upper case, matched exactly), and what the customer gave as contact (an e-mail, an Israeli mobile
 * number in any spelling, normalised as the checkout keeps it), four digits as a card's last four, and
 * words of letters as a name (one word of three letters at least: a shorter one would match half the
 * customers). A text may be several kinds at once (ten letters: a reservation number or a surname); the
 * search looks for each. An empty list: nothing to look for.
 */
export function readSearchText(text: string): SearchTerm[] {
  const typed = text.trim();
  if (!typed) return [];
  if (typed.includes('@')) return [{ kind: 'email', value: typed.toLowerCase() }];
  if (/^\d{4}$/.test(typed)) return [{ kind: 'cardLast4', value: typed }];
  const mobile = /^[+\d\s().-]+$/.test(typed) ? normalizeIsraeliMobile(typed) : null;
  if (mobile) return [{ kind: 'phone', value: mobile }];
  // A signed QR code (issue 37) names its ticket: a scan of an e-ticket finds the order.
  const door = parseDoorCode(typed);
  if (door.kind === 'signed') return [{ kind: 'ticket', value: door.ticketIdentifier }];

  const terms: SearchTerm[] = [];
  const code = typed.toUpperCase();
  if (CODE.test(code)) {
    // Letters alone are a word more often than a code: only a reservation's or a ticket's length of them.
    const coded = /[0-9-]/.test(code);
    if (/^[A-Z0-9]{6,16}$/.test(code) && (coded || code.length === 10))
      terms.push({ kind: 'reservation', value: code });
    if (coded || code.length === 12) {
      terms.push({ kind: 'ticket', value: code });
      // A voucher's code is kept as XXXX-XXXX-XXXX; a clerk may type it without the dashes.
      const grouped = /^[A-Z0-9]{12}$/.test(code) ? code.replace(/(.{4})(.{4})(.{4})/, '$1-$2-$3') : null;
      terms.push({ kind: 'voucher', values: grouped ? [code, grouped] : [code] });
    }
  }
  const words = typed.toLowerCase().split(/\s+/);
  if (words.every((w) => WORD.test(w)) && words.some((w) => [...w].length >= MIN_INDEXED_WORD))
    terms.push({ kind: 'name', words }); // letters only: no LIKE wildcard gets through
  return terms;
}

/** The kinds of a reading, for the answer's `recognised`. */
export function kindsOf(terms: readonly SearchTerm[]): OrderMatchKind[] {
  return terms.map((t) => t.kind);
}

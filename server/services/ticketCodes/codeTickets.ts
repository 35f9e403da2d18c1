import { type LocalizedText, supportedLocales } from '../../../src/api/contract/common.ts';
import type { Ticket } from '../../../src/api/contract/presentations.ts';
import type { CodeTicket } from '../../../src/api/contract/vouchers.ts';
import type { TicketRow } from '../catalogue/ticketGroups.ts';

/** A hidden ticket of a presentation: its row (the code columns) and the contract's Ticket. */
export interface HiddenTicket {
  row: TicketRow;
  ticket: Ticket;
}

/**
 * A reference prompt as the box office keeps it: a code ticket's is a JSON LocalizedText, an older
 * ticket's a plain sentence (shown as it is in every language).
 */
export function promptText(raw: string | null): LocalizedText | null {
  if (raw === null || raw.trim() === '') return null;
  if (raw.trimStart().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
        return parsed as LocalizedText;
    } catch {
      // Not JSON after all: a sentence that happens to start with a brace.
    }
  }
  return Object.fromEntries(supportedLocales.map((l) => [l, raw])) as LocalizedText;
}

/** The answers a reference must be one of; null when it is free text (or the list is unreadable). */
export function promptOptions(json: string | null): string[] | null {
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
}

const english = (t: LocalizedText | null) => (t ? (t.en ?? t.he ?? Object.values(t)[0] ?? null) : null);

/**
 * A hidden ticket as a code's answer carries it: with its price level, its reference prompts (label,
 * options, pattern), and `ticket.ref1prompt`/`ref2prompt` as English text, as a plain Ticket has them.
 */
export function toCodeTicket({ row, ticket }: HiddenTicket): CodeTicket {
  const ref1 = promptText(row.ref1prompt);
  const ref2 = promptText(row.ref2prompt);
  return {
    ticketGroupId: row.group_id,
    ticket: { ...ticket, ref1prompt: english(ref1), ref2prompt: english(ref2) },
    ref1: ref1 && { label: ref1, options: promptOptions(row.ref1_options_json), pattern: row.ref1_pattern },
    ref2: ref2 && { label: ref2, options: null, pattern: row.ref2_pattern },
  };
}

import type { PresentationsAnswer } from '../../api/contract/presentations.ts';

/** The id of the board's list as the box office inlines it in the page (server/http/seo/pageHeads.ts). */
const BOARD_DATA_ID = 'board-data';

let taken = false;

/**
 * The upcoming presentations the page came with, once: the board's first paint then needs no request.
 * Null after the first call, without the element, or when it does not parse (the board fetches). The
 * box office writes it with the same answer schema as `GET /api/seats/presentations`, so it is not parsed
 * with zod again here (see `Answer` in src/api/client.ts).
 */
export function takeBootBoard(): PresentationsAnswer | null {
  if (taken || typeof document === 'undefined') return null;
  taken = true;
  const el = document.getElementById(BOARD_DATA_ID);
  if (!el?.textContent) return null;
  el.remove();
  try {
    const data: unknown = JSON.parse(el.textContent);
    return isPresentationsAnswer(data) ? data : null;
  } catch {
    return null;
  }
}

function isPresentationsAnswer(data: unknown): data is PresentationsAnswer {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as { presentations?: unknown }).presentations)
  );
}

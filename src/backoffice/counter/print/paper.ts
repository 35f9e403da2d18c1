/**
 * The counter's ticket paper (issue 36), a setting of the screen kept in this browser: a ticket printer's
 * standard 2 × 5.5 inch ticket, or 80 mm receipt paper (one ticket after the other, cut between them).
 */
export type Paper = 'ticket' | 'receipt';

const KEY = 'backoffice.counter.paper';

export function savedPaper(): Paper {
  try {
    return localStorage.getItem(KEY) === 'receipt' ? 'receipt' : 'ticket';
  } catch {
    return 'ticket';
  }
}

export function savePaper(paper: Paper): void {
  try {
    localStorage.setItem(KEY, paper);
  } catch {
    // A browser without storage prints on the default paper next time.
  }
}

/** CSS pixels (96 to the inch) in millimetres, rounded up: a receipt's page is as long as it is. */
export const pxToMm = (px: number) => Math.ceil((px * 25.4) / 96);

/**
 * The page the printer is given: one ticket a page on ticket paper (5.5 × 2 in) or on the roll (80 mm
 * wide, a fixed length so the printer cuts between tickets); the receipt as long as it is.
 */
export function pageRule(what: 'tickets' | 'receipt', paper: Paper, receiptMm: number): string {
  if (what === 'receipt') return `@page { size: 80mm ${Math.max(60, receiptMm)}mm; margin: 0 }`;
  return paper === 'ticket'
    ? '@page { size: 5.5in 2in; margin: 0 }'
    : '@page { size: 80mm 110mm; margin: 0 }';
}

const MASK = '••••';

/**
 * A gift card's code as an order shows it: its last four letters or digits, the rest hidden. The code
 * pays like cash to whoever types it, and the pages that show an order's payments (the e-ticket link
 * above all) are passed around; four characters are enough for the customer to tell their cards apart.
 * A code too short to hide four of keeps only its second half. A code masked already (one of the
 * customer's own cards, which the box office names masked) stays as it is.
 */
export function maskGiftCard(reference: string): string {
  if (reference.startsWith(MASK)) return reference;
  const plain = reference.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const shown = Math.min(4, Math.floor(plain.length / 2));
  return `${MASK}${shown > 0 ? plain.slice(-shown) : ''}`;
}

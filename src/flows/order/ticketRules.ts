import type { TFunction } from 'i18next';
import type { Locale } from '../../api/contract/common.ts';
import type { TicketGroup } from '../../api/contract/presentations.ts';
import type { TicketProblem } from '../../domain/order/tickets.ts';
import { pickText } from '../../i18n/format.ts';

/** The customer's sentence for a broken ticket rule (spec section 5). */
export function ticketProblemText(
  t: TFunction,
  locale: Locale,
  groups: readonly TicketGroup[],
  problem: TicketProblem,
): string {
  const nameOf = (id: number) => {
    for (const g of groups) {
      const tk = g.tickets.find((x) => x.id === id);
      if (tk) return pickText(tk.name, locale);
    }
    return String(id);
  };
  switch (problem.code) {
    case 'ticket_not_in_group':
      return t('errors.ticket_not_in_group');
    case 'multiply_factor_mismatch':
      return t('errors.multiply_factor_mismatch', { ticket: nameOf(problem.ticketId), seats: problem.seats });
    case 'ticket_min_quantity':
      return t('errors.ticket_min_quantity', { ticket: nameOf(problem.ticketId), min: problem.min });
    case 'ticket_max_quantity':
      return t('errors.ticket_max_quantity', { ticket: nameOf(problem.ticketId), max: problem.max });
    case 'ticket_required_combination':
      return t('errors.ticket_required_combination', {
        ticket: nameOf(problem.ticketId),
        required: nameOf(problem.requiredTicketId),
        min: problem.min,
      });
    case 'ticket_sold_out':
      return t('errors.ticket_sold_out', { ticket: nameOf(problem.ticketId), remaining: problem.remaining });
    case 'addon_not_offered':
      return t('errors.addon_not_offered');
  }
}

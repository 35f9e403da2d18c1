import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPrice, pickText, sectionIn } from '../../../i18n/format.ts';
import { paymentLine } from '../../../ui/OrderPayments.tsx';
import { useLocale } from '../../../ui/useLocale.ts';
import type { DoneSale } from '../saleStore.ts';

/**
 * The receipt of a counter sale (issue 36), on 80 mm paper: the venue, the reservation and the time, the
 * items (each ticket with its seat, the products), the total, each payment by its method (the shop's own
 * words for them), the cash handed over and the change, and the clerk.
 */
export function ReceiptPrint({ done }: { done: DoneSale }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order, change } = done.sale;
  const currency = order.currency?.code;
  const money = (n: number) => formatPrice(n, locale, currency);
  const shows = new Map(order.presentations.map((p) => [p.id, p]));
  const venues = [...new Set(order.presentations.map((p) => pickText(p.venueName, locale)))];
  return (
    <div className="counter-print-receipt" data-testid="print-receipt">
      <div className="big">{venues.join(' · ')}</div>
      <div>{t('backoffice.counter.reservation', { id: order.reservationIdentifier })}</div>
      <div>{formatDateTime(order.createdAt, locale)}</div>
      <hr />
      {order.tickets.map((tk) => {
        const p = shows.get(tk.presentationId);
        return (
          <div key={tk.ticketIdentifier} className="line" data-testid="print-receipt-item">
            <span>
              {p ? `${pickText(p.title, locale)}, ` : ''}
              {p?.isReserved
                ? t('backoffice.counter.seatPlace', {
                    section: sectionIn(tk, locale),
                    row: tk.row,
                    seat: tk.seat,
                  })
                : sectionIn(tk, locale)}{' '}
              ({pickText(tk.ticketName, locale)})
            </span>
            <span>{money(tk.price + tk.serviceCharge + tk.addons.reduce((s, a) => s + a.price, 0))}</span>
          </div>
        );
      })}
      {order.products.map((pr) => (
        <div key={`${pr.presentationId}-${pr.id}`} className="line" data-testid="print-receipt-item">
          <span>
            {pickText(pr.name, locale)} × {pr.quantity}
          </span>
          <span>{money(pr.total)}</span>
        </div>
      ))}
      <hr />
      <div className="line big">
        <span>{t('backoffice.counter.total')}</span>
        <span data-testid="print-receipt-total">{money(order.totals.total)}</span>
      </div>
      {order.payments.map((p, i) => (
        <div key={i} data-testid="print-receipt-payment">
          {paymentLine(t, p, locale, currency)}
        </div>
      ))}
      {done.tendered !== null ? (
        <div className="line">
          <span>{t('backoffice.counter.tendered')}</span>
          <span>{money(done.tendered)}</span>
        </div>
      ) : null}
      <div className="line big">
        <span>{t('backoffice.counter.change')}</span>
        <span data-testid="print-receipt-change">{money(change)}</span>
      </div>
      <hr />
      <div>{t('backoffice.counter.servedBy', { name: done.clerk })}</div>
    </div>
  );
}

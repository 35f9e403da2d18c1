import { useTranslation } from 'react-i18next';
import type { OrderDocument } from '../../../api/contract/order.ts';
import { formatPrice, pickText, sectionIn } from '../../../i18n/format.ts';
import { QrImage } from '../../../ui/QrImage.tsx';
import { useLocale } from '../../../ui/useLocale.ts';
import { useShowTime } from '../../../ui/useShowTime.ts';

/** What a printed ticket is worth: its price, its handling fee and its add-ons (0 on a couple's second seat). */
function paidFor(tk: OrderDocument['tickets'][number]): number {
  return tk.price + tk.serviceCharge + tk.addons.reduce((s, a) => s + a.price, 0);
}

/**
 * The tickets of a counter sale on the ticket printer (issue 36): one a page, each with the venue, the
 * show, its date and time, the seat, the ticket type and price, the reservation number, and the QR code
 * the door scans: the e-ticket's (the ticket's identifier, drawn by the same component), where the show
 * shows QR codes at all.
 */
export function TicketPrint({ order }: { order: OrderDocument }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const shows = new Map(order.presentations.map((p) => [p.id, p]));
  return (
    <>
      {order.tickets.map((tk) => {
        const p = shows.get(tk.presentationId);
        if (!p) return null;
        return (
          <div key={tk.ticketIdentifier} className="counter-print-ticket" data-testid="print-ticket">
            <div className="body">
              <div>
                {pickText(p.venueName, locale)} · {pickText(p.hallName, locale)}
              </div>
              <div className="title" data-testid="print-ticket-title">
                {pickText(p.title, locale)}
              </div>
              <div>{when.dateTime(p.dateTime)}</div>
              <div className="place" data-testid="print-ticket-place">
                {p.isReserved
                  ? t('backoffice.counter.seatPlace', {
                      section: sectionIn(tk, locale),
                      row: tk.row,
                      seat: tk.seat,
                    })
                  : sectionIn(tk, locale)}
              </div>
              <div>
                {pickText(tk.ticketName, locale)} · {formatPrice(paidFor(tk), locale, order.currency?.code)}
              </div>
              <div className="code">
                {t('backoffice.counter.reservation', { id: order.reservationIdentifier })}
              </div>
              <div className="code">{tk.ticketIdentifier}</div>
            </div>
            {p.isDisplayQr ? (
              <QrImage
                value={tk.doorCode ?? tk.ticketIdentifier}
                label={t('edocument.qrFor', { id: tk.ticketIdentifier })}
                size={112}
                testId="print-ticket-qr"
              />
            ) : null}
          </div>
        );
      })}
    </>
  );
}

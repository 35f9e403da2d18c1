import type { CustomerReservation, ReservationsAnswer } from '../../../../src/api/contract/customer.ts';
import { loadOrderDocument } from '../../orders/documents.ts';
import type { AreaContext } from './context.ts';
import { orderFacts, ownOrders, paymentOf } from './orders.ts';

/** GET /customer-area/reservations: upcoming and past reservations (videos are listed apart). */
export async function listReservations(ctx: AreaContext, customerId: string): Promise<ReservationsAnswer> {
  const upcoming: CustomerReservation[] = [];
  const past: CustomerReservation[] = [];
  for (const { reservation_identifier: id, booking_fee: bookingFee } of await ownOrders(ctx.db, customerId)) {
    const facts = await orderFacts(ctx.db, id);
    if (facts.isVideo || facts.validTickets === 0) continue;
    const doc = await loadOrderDocument(ctx.db, { reservationIdentifier: id }, ctx.now);
    if (!doc) continue;
    const payment = await paymentOf(ctx.db, id);
    const isPast = facts.lastStart <= ctx.now;
    const reservation: CustomerReservation = {
      ...doc,
      totals: { ...doc.totals },
      bookingFee,
      isPast,
      isVideo: false,
      canCancel: doc.isHold ? !doc.holdExpired && facts.firstStart > ctx.now : facts.firstStart > ctx.now,
      payment: payment
        ? { brand: payment.brand, last4: payment.last4, numberOfPayments: payment.number_of_payments }
        : null,
    };
    (isPast ? past : upcoming).push(reservation);
  }
  const byDate = (r: CustomerReservation) => r.presentations[0]?.dateTime ?? r.createdAt;
  upcoming.sort((a, b) => byDate(a).localeCompare(byDate(b)));
  past.sort((a, b) => byDate(b).localeCompare(byDate(a)));
  return { upcoming, past };
}

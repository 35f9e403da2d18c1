import { useParams } from 'react-router-dom';
import { OrderPage } from './OrderPage.tsx';
import { OrderSearch } from './OrderSearch.tsx';

const RESERVATION = /^[A-Za-z0-9-]{4,40}$/;

/**
 * The orders tab (the box office and managers, issue 36): finding an order, and one order's page. Its
 * pages sit under the tab's own address (StaffTabs reads only the segment after /staff/):
 * `/staff/orders` (the search, its text and filters in the query so that going back shows the same
 * results) and `/staff/orders/<reservation number>`. The order page is keyed by the reservation, so
 * opening another order starts afresh.
 */
export function Orders() {
  const [, rid = ''] = (useParams()['*'] ?? '').split('/');
  if (RESERVATION.test(rid)) return <OrderPage key={rid} reservationIdentifier={rid.toUpperCase()} />;
  return <OrderSearch />;
}

import { useParams } from 'react-router-dom';
import { HallPage } from './plans/HallPage.tsx';
import { PlanPage } from './plans/PlanPage.tsx';
import { NewVenuePage, VenuePage } from './venues/VenuePage.tsx';
import { VenueList } from './venues/VenueList.tsx';

const ID = /^[1-9]\d{0,9}$/;

/**
 * The venues tab (managers and admins): the venues and their halls, and a hall's seat plans. Its pages
 * sit under the tab's own address (StaffTabs reads only the segment after /staff/):
 * `/staff/venues`, `…/new`, `…/<venueId>`, `…/halls/<hallId>`, `…/plans/<seatplanId>`. Each page is keyed
 * by its id, so moving from one plan to another starts afresh (selection, tabs).
 */
export function Venues() {
  const [, first = '', second = ''] = (useParams()['*'] ?? '').split('/');
  if (first === 'new') return <NewVenuePage />;
  if (first === 'halls' && ID.test(second)) return <HallPage key={second} hallId={Number(second)} />;
  if (first === 'plans' && ID.test(second)) return <PlanPage key={second} seatplanId={Number(second)} />;
  if (ID.test(first)) return <VenuePage key={first} venueId={Number(first)} />;
  return <VenueList />;
}

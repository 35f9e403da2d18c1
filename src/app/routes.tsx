import { Navigate, type RouteObject, useLocation } from 'react-router-dom';
import { ErrorPage } from './ErrorPage.tsx';
import { Layout } from './Layout.tsx';
import { UnknownPath } from './UnknownPath.tsx';
import { paths } from '../routing/paths.ts';

/** The events board needs only the locale's core texts (src/i18n/localeParts.ts): it does not wait. */
const boardPage = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** /system-vouchers leads to the voucher shop, keeping the query (a language, a mini site). */
function ToVoucherShop() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.digital, search }} replace />;
}

/** What a page waits for besides its code: the customer's texts, or the staff's too. */
export interface TextsReady {
  shop: () => Promise<void>;
  staff: () => Promise<void>;
}

/**
 * Every route of spec section 2. A page is loaded on its first visit, once every text of the customer's
 * language is there too (`textsReady`: in the browser, i18n's localeReady, and for the staff's pages
 * staffTextsReady; the box office's renderer has them all); the board's pages need only the core texts
 * and do not wait.
 */
export function shopRoutes(textsReady: TextsReady): RouteObject[] {
  const waitingFor =
    (texts: () => Promise<void>) =>
    (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
      lazy: async () => ({ Component: (await Promise.all([load(), texts()]))[0].default }),
    });
  const lazyPage = waitingFor(textsReady.shop);
  const staffPage = waitingFor(textsReady.staff);
  return [
    {
      element: <Layout />,
      errorElement: <ErrorPage />,
      children: [
        { path: paths.index, ...boardPage(() => import('../flows/events/EventsBoardPage.tsx')) },
        { path: paths.order, ...boardPage(() => import('../flows/events/EventsBoardPage.tsx')) },
        { path: paths.orderPresentation, ...lazyPage(() => import('../flows/order/OrderPage.tsx')) },
        { path: paths.digital, ...lazyPage(() => import('../flows/vouchers/VouchersPage.tsx')) },
        { path: paths.systemVouchers, element: <ToVoucherShop /> },
        {
          path: paths.digitalPresentation,
          ...lazyPage(() => import('../flows/digital/DigitalPresentationPage.tsx')),
        },
        { path: paths.donations, ...lazyPage(() => import('../flows/donations/DonationsPage.tsx')) },
        { path: paths.membership, ...lazyPage(() => import('../flows/memberships/MembershipsPage.tsx')) },
        { path: paths.memberships, ...lazyPage(() => import('../flows/memberships/ToMembershipList.tsx')) },
        {
          path: paths.membershipOrder,
          ...lazyPage(() => import('../flows/memberships/MembershipOrderPage.tsx')),
        },
        {
          path: paths.membershipPriceOrder,
          ...lazyPage(() => import('../flows/memberships/MembershipOrderPage.tsx')),
        },
        { path: paths.enroll, ...lazyPage(() => import('../flows/enrolment/EnrolmentPage.tsx')) },
        { path: paths.edocument, ...lazyPage(() => import('../flows/edocument/EDocumentPage.tsx')) },
        { path: paths.vodList, ...lazyPage(() => import('../flows/vod/VodPage.tsx')) },
        { path: paths.vod, ...lazyPage(() => import('../flows/vod/VodPage.tsx')) },
        { path: paths.vodWithReservation, ...lazyPage(() => import('../flows/vod/VodPage.tsx')) },
        { path: paths.customerArea, ...lazyPage(() => import('../flows/account/CustomerAreaPage.tsx')) },
        { path: paths.customerAreaLogin, ...lazyPage(() => import('../flows/account/LinkLoginPage.tsx')) },
        { path: paths.devSmsOutbox, ...lazyPage(() => import('../flows/account/SmsOutboxPage.tsx')) },
        { path: paths.devMailOutbox, ...lazyPage(() => import('../flows/account/MailOutboxPage.tsx')) },
        { path: paths.staff, ...staffPage(() => import('../backoffice/StaffPage.tsx')) },
        { path: paths.waiver, ...lazyPage(() => import('../flows/waiver/WaiverPage.tsx')) },
        { path: paths.preview, ...staffPage(() => import('../flows/preview/PreviewPage.tsx')) },
        // A partner's mini-sites are the board's pages: their texts are in the core too.
        { path: paths.miniSites, ...boardPage(() => import('../flows/events/MiniSitesPage.tsx')) },
        { path: paths.miniSite, ...boardPage(() => import('../flows/events/MiniSitePage.tsx')) },
        { path: paths.integration, ...lazyPage(() => import('../flows/partners/IntegrationPage.tsx')) },
        { path: '*', element: <UnknownPath /> },
      ],
    },
    // The door page is full screen, a phone's whole screen for scanning: outside the shop's frame.
    {
      path: paths.door,
      errorElement: <ErrorPage />,
      ...staffPage(() => import('../backoffice/door/DoorPage.tsx')),
    },
  ];
}

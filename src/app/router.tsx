import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router-dom';
import { ErrorPage } from './ErrorPage.tsx';
import { Layout } from './Layout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { paths } from '../routing/paths.ts';

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** /system-vouchers leads to the voucher shop, keeping the query (a language, a mini site). */
function ToVoucherShop() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.digital, search }} replace />;
}

/** Every route of spec section 2. Routes whose flows arrive in later issues show the 404 page until then. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <ErrorPage />,
    children: [
      { path: paths.index, ...lazyPage(() => import('../flows/events/EventsBoardPage.tsx')) },
      { path: paths.order, ...lazyPage(() => import('../flows/events/EventsBoardPage.tsx')) },
      { path: paths.orderPresentation, ...lazyPage(() => import('../flows/order/OrderPage.tsx')) },
      { path: paths.digital, ...lazyPage(() => import('../flows/vouchers/VouchersPage.tsx')) },
      { path: paths.systemVouchers, element: <ToVoucherShop /> },
      { path: paths.digitalPresentation, element: <NotFoundPage /> },
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
      { path: paths.staff, ...lazyPage(() => import('../flows/staff/StaffPage.tsx')) },
      { path: paths.waiver, ...lazyPage(() => import('../flows/waiver/WaiverPage.tsx')) },
      { path: paths.preview, ...lazyPage(() => import('../flows/preview/PreviewPage.tsx')) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

import { Navigate, useLocation } from 'react-router-dom';

/** /memberships (the configured memberships target) leads to the list at /membership, query kept. */
export default function ToMembershipList() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/membership', search }} replace />;
}

import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { StaffMe } from '../api/contract/staff.ts';
import { paths } from '../routing/paths.ts';
import { AuditLog } from './audit/AuditLog.tsx';
import { Counter } from './counter/Counter.tsx';
import { OrderMessages } from './OrderMessages.tsx';
import { Orders } from './orders/Orders.tsx';
import { Prices } from './prices/Prices.tsx';
import { Programme } from './programme/Programme.tsx';
import { Reports } from './reports/Reports.tsx';
import { TOUCH_PX } from './ui/touch.ts';
import { ApiTokens } from './users/ApiTokens.tsx';
import { StaffUsers } from './users/StaffUsers.tsx';
import { Venues } from './Venues.tsx';
import { Waivers } from './Waivers.tsx';

type Role = StaffMe['role'];

interface StaffTab {
  id:
    | 'orders'
    | 'counter'
    | 'reports'
    | 'confirmations'
    | 'programme'
    | 'prices'
    | 'venues'
    | 'waivers'
    | 'audit'
    | 'users'
    | 'tokens';
  /** Who sees it besides an admin, who sees every tab (the box office lets an admin do everything). */
  roles: readonly Role[];
  panel(role: Role): ReactNode;
}

/** In the order shown; a role's first tab is what `/staff` opens. */
const TABS: readonly StaffTab[] = [
  { id: 'reports', roles: ['manager'], panel: () => <Reports /> },
  { id: 'confirmations', roles: ['manager'], panel: () => <OrderMessages /> },
  { id: 'programme', roles: ['manager'], panel: () => <Programme /> },
  { id: 'prices', roles: ['manager'], panel: () => <Prices /> },
  { id: 'venues', roles: ['manager'], panel: () => <Venues /> },
  { id: 'orders', roles: ['manager', 'box_office'], panel: () => <Orders /> },
  { id: 'counter', roles: ['manager', 'box_office'], panel: () => <Counter /> },
  { id: 'waivers', roles: ['manager', 'box_office'], panel: () => <Waivers /> },
  { id: 'audit', roles: ['manager'], panel: (role) => <AuditLog admin={role === 'admin'} /> },
  { id: 'users', roles: [], panel: () => <StaffUsers /> },
  { id: 'tokens', roles: [], panel: () => <ApiTokens /> },
];

/** The tabs a role may open (the door has none: its page is /door). */
function tabsOf(role: Role): readonly StaffTab[] {
  return TABS.filter((tab) => role === 'admin' || tab.roles.includes(role));
}

/**
 * What a role may open, as tabs, each at its own address (`/staff/<tab>`), so a tab can be linked and
 * survives a reload; `/staff`, an unknown tab or another role's tab opens the role's first. Only the
 * open tab is mounted, so a report loads only when its tab is opened.
 */
export function StaffTabs({ role }: { role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const asked = (useParams()['*'] ?? '').split('/')[0];
  const tabs = tabsOf(role);
  const open = tabs.find((tab) => tab.id === asked);
  const first = tabs[0];
  // The door's staff have one page of their own, full screen: the door page.
  if (!first) return <Navigate replace to={`${paths.door}${search}`} />;
  if (!open) return <Navigate replace to={`/staff/${first.id}${search}`} />;
  return (
    <Tabs
      value={open.id}
      onChange={(id) => {
        if (id && id !== open.id) void navigate(`/staff/${id}${search}`);
      }}
      keepMounted={false}
      data-testid="staff-tabs"
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.id} value={tab.id} mih={TOUCH_PX} data-testid={`staff-tab-${tab.id}`}>
            {t(`staff.tabs.${tab.id}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={open.id} pt="md">
        {open.panel(role)}
      </Tabs.Panel>
    </Tabs>
  );
}

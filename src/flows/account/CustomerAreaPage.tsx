import { Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { customerState, logoutCustomer } from '../../state/customer.ts';
import { DetailsTab } from './DetailsTab.tsx';
import { LoginPanel } from '../../ui/login/LoginPanel.tsx';
import { MembershipsTab } from './MembershipsTab.tsx';
import { ReservationsTab } from './ReservationsTab.tsx';
import { VideosTab } from './VideosTab.tsx';
import { VouchersTab } from './VouchersTab.tsx';

const tabs = ['tickets', 'past', 'vouchers', 'memberships', 'videos', 'details'] as const;
type Tab = (typeof tabs)[number];
const isTab = (v: string | null): v is Tab => tabs.includes(v as Tab);

/**
 * The personal area (spec section 2): login when nobody is logged in; otherwise my tickets, past
 * reservations, my vouchers, memberships, videos and personal details, and logout. The open tab is in
 * the address (?tab=…) so a reload or a shared link opens it again.
 */
export default function CustomerAreaPage() {
  const { t } = useTranslation();
  const { customer, checked } = useSnapshot(customerState);
  const [params, setParams] = useSearchParams();
  const [loggingOut, setLoggingOut] = useState(false);
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'tickets';

  if (!checked)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (!customer) return <LoginPanel />;

  const name = [customer.FirstName, customer.LastName].filter(Boolean).join(' ');
  return (
    <Stack gap="md" data-testid="customer-area">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz="h2">
            {t('account.title')}
          </Title>
          <Text c="dimmed" data-testid="customer-name">
            {name ? t('account.hello', { name }) : customer.MobileNumber1}
          </Text>
        </div>
        <Button
          variant="default"
          mih={44}
          loading={loggingOut}
          data-testid="logout"
          onClick={() => {
            setLoggingOut(true);
            void logoutCustomer().finally(() => setLoggingOut(false));
          }}
        >
          {t('account.logout')}
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => {
          if (!isTab(v)) return;
          const next = new URLSearchParams(params);
          next.set('tab', v);
          setParams(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((id) => (
            <Tabs.Tab key={id} value={id} mih={44} data-testid={`tab-${id}`}>
              {t(`account.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="tickets" pt="md">
          <ReservationsTab which="upcoming" />
        </Tabs.Panel>
        <Tabs.Panel value="past" pt="md">
          <ReservationsTab which="past" />
        </Tabs.Panel>
        <Tabs.Panel value="vouchers" pt="md">
          <VouchersTab />
        </Tabs.Panel>
        <Tabs.Panel value="memberships" pt="md">
          <MembershipsTab />
        </Tabs.Panel>
        <Tabs.Panel value="videos" pt="md">
          <VideosTab />
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="md">
          <DetailsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffPasswordGiven, StaffUser } from '../../api/contract/admin.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { backofficeApi } from '../api.ts';
import { type Confirmation, ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { type Column, RecordTable } from '../ui/RecordTable.tsx';
import { ShownOnce } from '../ui/ShownOnce.tsx';
import { TOUCH_PX } from '../ui/touch.ts';
import { AddStaffUser, EditStaffUser } from './StaffUserForms.tsx';

/**
 * Admins: the staff users. Add one (the box office answers a temporary password, shown here once), rename
 * or change a role, deactivate (their sessions end at once) or reactivate, give a new temporary password.
 */
export function StaffUsers() {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  const reload = () => setRound((r) => r + 1);
  const state = useAsync(() => backofficeApi.staffUsers(), String(round));
  const [editing, setEditing] = useState<StaffUser | null>(null);
  const [ask, setAsk] = useState<Confirmation | null>(null);
  const [given, setGiven] = useState<{ given: StaffPasswordGiven; reset: boolean } | null>(null);

  const confirmActive = (user: StaffUser) => {
    const on = !user.active;
    setAsk({
      title: t(on ? 'backoffice.users.reactivate' : 'backoffice.users.deactivate'),
      text: t(on ? 'backoffice.users.confirmReactivate' : 'backoffice.users.confirmDeactivate', {
        name: user.displayName,
      }),
      action: t(on ? 'backoffice.users.reactivate' : 'backoffice.users.deactivate'),
      color: on ? 'violet' : 'red',
      run: async () => {
        await backofficeApi.updateStaffUser(user.id, { active: on });
        reload();
      },
    });
  };
  const confirmReset = (user: StaffUser) =>
    setAsk({
      title: t('backoffice.users.reset'),
      text: t('backoffice.users.confirmReset', { name: user.displayName }),
      action: t('backoffice.users.reset'),
      color: 'red',
      run: async () => {
        setGiven({ given: await backofficeApi.resetStaffPassword(user.id), reset: true });
        reload();
      },
    });

  const columns: Column<StaffUser>[] = [
    {
      key: 'username',
      label: t('backoffice.users.username'),
      render: (u) => (
        <Text span dir="ltr" ff="monospace" size="sm">
          {u.username}
        </Text>
      ),
    },
    { key: 'name', label: t('backoffice.users.displayName'), render: (u) => u.displayName },
    { key: 'role', label: t('backoffice.users.role'), render: (u) => t(`staff.roles.${u.role}`) },
    {
      key: 'status',
      label: t('backoffice.users.status'),
      render: (u) => (
        <Group gap={6}>
          <Badge color={u.active ? 'teal' : 'gray'} variant="light" data-testid="staff-user-active">
            {t(u.active ? 'backoffice.users.active' : 'backoffice.users.inactive')}
          </Badge>
          {u.mustChangePassword ? (
            <Badge color="orange" variant="light" data-testid="staff-user-must-change">
              {t('backoffice.users.mustChange')}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'actions',
      label: t('backoffice.common.actions'),
      bare: true,
      render: (u) => (
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            mih={TOUCH_PX}
            data-testid="staff-user-edit"
            aria-label={t('backoffice.users.editOne', { name: u.username })}
            onClick={() => setEditing(u)}
          >
            {t('backoffice.users.edit')}
          </Button>
          <Button
            variant="default"
            mih={TOUCH_PX}
            data-testid="staff-user-reset"
            aria-label={t('backoffice.users.resetOne', { name: u.username })}
            onClick={() => confirmReset(u)}
          >
            {t('backoffice.users.reset')}
          </Button>
          <Button
            variant="light"
            color={u.active ? 'red' : 'teal'}
            mih={TOUCH_PX}
            data-testid={u.active ? 'staff-user-deactivate' : 'staff-user-reactivate'}
            aria-label={t(u.active ? 'backoffice.users.deactivateOne' : 'backoffice.users.reactivateOne', {
              name: u.username,
            })}
            onClick={() => confirmActive(u)}
          >
            {t(u.active ? 'backoffice.users.deactivate' : 'backoffice.users.reactivate')}
          </Button>
        </Group>
      ),
    },
  ];

  const shown = given
    ? {
        title: t(given.reset ? 'backoffice.users.resetTitle' : 'backoffice.users.createdTitle', {
          name: given.given.user.username,
        }),
        secret: given.given.temporaryPassword,
        note: t('backoffice.users.passwordOnce', { name: given.given.user.displayName }),
      }
    : null;

  return (
    <Stack gap="md" data-testid="staff-users">
      <div>
        <Title order={2} fz="h3">
          {t('backoffice.users.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('backoffice.users.intro')}
        </Text>
      </div>
      <AddStaffUser
        onAdded={(g) => {
          setGiven({ given: g, reset: false });
          reload();
        }}
      />
      {state.status === 'loading' ? (
        <Skeleton height={160} radius="md" />
      ) : state.status === 'error' ? (
        <Alert color="red">{errorText(t, state.error)}</Alert>
      ) : (
        <RecordTable
          rows={state.data.users}
          rowKey={(u) => u.id}
          columns={columns}
          minWidth={860}
          rowAttributes={(u) => ({ 'data-testid': 'staff-user-row', 'data-username': u.username })}
          data-testid="staff-users-list"
        />
      )}
      <EditStaffUser
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />
      <ShownOnce shown={shown} onClose={() => setGiven(null)} />
    </Stack>
  );
}

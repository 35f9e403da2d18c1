import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffPasswordGiven, StaffUser } from '../../api/contract/admin.ts';
import { type StaffMe, staffRoles } from '../../api/contract/staff.ts';
import { errorText } from '../../ui/errorText.ts';
import { backofficeApi } from '../api.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';

type Role = StaffMe['role'];

function RoleSelect({ value, onChange }: { value: Role; onChange(role: Role): void }) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('backoffice.users.role')}
      name="role"
      data-testid="staff-user-role"
      styles={touchInput}
      value={value}
      data={staffRoles.map((r) => ({ value: r, label: t(`staff.roles.${r}`) }))}
      onChange={(e) => onChange(e.currentTarget.value as Role)}
    />
  );
}

/** "Add staff user": username, name and role; the box office answers a temporary password, once. */
export function AddStaffUser({ onAdded }: { onAdded(given: StaffPasswordGiven): void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<Role>('box_office');
  const { busy, error, run } = useAction();
  return (
    <Card withBorder padding="md" data-testid="staff-user-add">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            onAdded(await backofficeApi.createStaffUser({ username, displayName, role }));
            setUsername('');
            setDisplayName('');
          });
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="h4">
            {t('backoffice.users.addTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('backoffice.users.username')}
              description={t('backoffice.users.usernameHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              name="username"
              autoComplete="off"
              dir="ltr"
              required
              styles={touchInput}
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
            />
            <TextInput
              label={t('backoffice.users.displayName')}
              name="displayName"
              autoComplete="off"
              required
              styles={touchInput}
              value={displayName}
              onChange={(e) => setDisplayName(e.currentTarget.value)}
            />
            <RoleSelect value={role} onChange={setRole} />
          </SimpleGrid>
          {error ? (
            <Alert color="red" data-testid="staff-user-add-error">
              {errorText(t, error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={busy} mih={TOUCH_PX} data-testid="staff-user-create">
              {t('backoffice.users.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Renames a user or changes their role; only what changed is sent. */
export function EditStaffUser({
  user,
  onClose,
  onSaved,
}: {
  user: StaffUser | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t('backoffice.users.editTitle', { name: user?.username ?? '' })}
      centered
    >
      {/* Keyed by the user, so the form starts from their values every time it opens. */}
      {user ? <EditForm key={user.id} user={user} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function EditForm({ user, onClose, onSaved }: { user: StaffUser; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [displayName, setDisplayName] = useState(user.displayName);
  const [role, setRole] = useState<Role>(user.role);
  const { busy, error, run } = useAction();
  const change = {
    ...(displayName.trim() !== user.displayName ? { displayName } : {}),
    ...(role !== user.role ? { role } : {}),
  };
  return (
    <form
      data-testid="staff-user-edit-form"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await backofficeApi.updateStaffUser(user.id, change);
          onSaved();
        });
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('backoffice.users.displayName')}
          name="displayName"
          required
          styles={touchInput}
          value={displayName}
          onChange={(e) => setDisplayName(e.currentTarget.value)}
        />
        <RoleSelect value={role} onChange={setRole} />
        {error ? (
          <Alert color="red" data-testid="staff-user-edit-error">
            {errorText(t, error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={TOUCH_PX} onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={busy}
            disabled={Object.keys(change).length === 0}
            mih={TOUCH_PX}
            data-testid="staff-user-save"
          >
            {t('backoffice.common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

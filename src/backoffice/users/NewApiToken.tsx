import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffTokenCreated } from '../../api/contract/admin.ts';
import { type StaffMe, staffRoles } from '../../api/contract/staff.ts';
import { venueToday } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { backofficeApi } from '../api.ts';
import { endOfVenueDay } from './expiry.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';

type Role = StaffMe['role'];

/** "New token": a name, the role it acts with, and an optional last day; the secret is answered once. */
export function NewApiToken({ onCreated }: { onCreated(created: StaffTokenCreated): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('manager');
  const [expires, setExpires] = useState('');
  const { busy, error, run } = useAction();
  return (
    <Card withBorder padding="md" data-testid="token-add">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            onCreated(
              await backofficeApi.createApiToken({
                name,
                role,
                ...(expires ? { expiresAt: endOfVenueDay(expires) } : {}),
              }),
            );
            setName('');
            setExpires('');
          });
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="h4">
            {t('backoffice.tokens.newTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('backoffice.tokens.name')}
              name="name"
              autoComplete="off"
              required
              maxLength={80}
              styles={touchInput}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <NativeSelect
              label={t('backoffice.tokens.role')}
              name="role"
              data-testid="token-role"
              styles={touchInput}
              value={role}
              data={staffRoles.map((r) => ({ value: r, label: t(`staff.roles.${r}`) }))}
              onChange={(e) => setRole(e.currentTarget.value as Role)}
            />
            <TextInput
              type="date"
              label={t('backoffice.tokens.expires')}
              description={t('backoffice.tokens.expiresHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              name="expiresOn"
              min={venueToday()}
              styles={touchInput}
              value={expires}
              onChange={(e) => setExpires(e.currentTarget.value)}
            />
          </SimpleGrid>
          {error ? (
            <Alert color="red" data-testid="token-add-error">
              {errorText(t, error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={busy} mih={TOUCH_PX} data-testid="token-create">
              {t('backoffice.tokens.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

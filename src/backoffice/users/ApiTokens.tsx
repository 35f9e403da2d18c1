import { Alert, Badge, Button, Code, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../api/client.ts';
import type { StaffToken, StaffTokenCreated } from '../../api/contract/admin.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { backofficeApi } from '../api.ts';
import { type Confirmation, ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { type Column, RecordTable } from '../ui/RecordTable.tsx';
import { ShownOnce } from '../ui/ShownOnce.tsx';
import { TOUCH_PX } from '../ui/touch.ts';
import { NewApiToken } from './NewApiToken.tsx';

/** The address a venue's system calls with a token: the admin API's audit log, on this shop's API host. */
function auditAddress(): string {
  return new URL(apiUrl('/admin/audit'), window.location.origin).href;
}

/**
 * Admins: API tokens for the venue's own systems (the admin API only, never customer calls). A new
 * token's secret is shown here once, with an example call; a revoked token is refused at once.
 */
export function ApiTokens() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [round, setRound] = useState(0);
  // When the list was read: a token past its expiry then shows as expired.
  const state = useAsync(
    () => backofficeApi.apiTokens().then((a) => ({ ...a, readAt: Date.now() })),
    String(round),
  );
  const [created, setCreated] = useState<StaffTokenCreated | null>(null);
  const [ask, setAsk] = useState<Confirmation | null>(null);
  const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso, locale) : none);

  const status = (k: StaffToken, now: number) =>
    k.revokedAt ? (
      <Badge color="gray" variant="light" data-testid="token-revoked">
        {t('backoffice.tokens.revoked')}
      </Badge>
    ) : k.expiresAt && Date.parse(k.expiresAt) <= now ? (
      <Badge color="orange" variant="light">
        {t('backoffice.tokens.expired')}
      </Badge>
    ) : (
      <Badge color="teal" variant="light">
        {t('backoffice.tokens.active')}
      </Badge>
    );

  const columns: Column<StaffToken>[] = [
    { key: 'name', label: t('backoffice.tokens.name'), render: (k) => k.name },
    { key: 'role', label: t('backoffice.tokens.role'), render: (k) => t(`staff.roles.${k.role}`) },
    {
      key: 'prefix',
      label: t('backoffice.tokens.prefix'),
      render: (k) => <Code dir="ltr">{`${k.prefix}…`}</Code>,
    },
    {
      key: 'created',
      label: t('backoffice.tokens.created'),
      render: (k) => t('backoffice.tokens.createdBy', { date: when(k.createdAt, ''), name: k.createdBy }),
    },
    {
      key: 'expires',
      label: t('backoffice.tokens.expiresColumn'),
      render: (k) => when(k.expiresAt, t('backoffice.tokens.noExpiry')),
    },
    {
      key: 'lastUsed',
      label: t('backoffice.tokens.lastUsed'),
      render: (k) => when(k.lastUsedAt, t('backoffice.tokens.neverUsed')),
    },
    {
      key: 'status',
      label: t('backoffice.tokens.status'),
      render: (k) => (
        <Stack gap={2} align="flex-start">
          {status(k, state.status === 'done' ? state.data.readAt : 0)}
          {k.revokedAt ? <Text size="xs">{when(k.revokedAt, '')}</Text> : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      label: t('backoffice.common.actions'),
      bare: true,
      render: (k) =>
        k.revokedAt ? null : (
          <Button
            variant="light"
            color="red"
            mih={TOUCH_PX}
            data-testid="token-revoke"
            aria-label={t('backoffice.tokens.revokeOne', { name: k.name })}
            onClick={() =>
              setAsk({
                title: t('backoffice.tokens.revoke'),
                text: t('backoffice.tokens.confirmRevoke', { name: k.name }),
                action: t('backoffice.tokens.revoke'),
                color: 'red',
                run: async () => {
                  await backofficeApi.revokeApiToken(k.id);
                  setRound((r) => r + 1);
                },
              })
            }
          >
            {t('backoffice.tokens.revoke')}
          </Button>
        ),
    },
  ];

  const shown = created
    ? {
        title: t('backoffice.tokens.secretTitle', { name: created.token.name }),
        secret: created.secret,
        note: t('backoffice.tokens.secretOnce'),
        extra: (
          <Stack gap={4}>
            <Text size="sm">{t('backoffice.tokens.example')}</Text>
            <Code
              block
              dir="ltr"
              data-testid="token-example"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {`curl -H "Authorization: Bearer ${created.secret}" \\\n  ${auditAddress()}`}
            </Code>
          </Stack>
        ),
      }
    : null;

  return (
    <Stack gap="md" data-testid="staff-tokens">
      <div>
        <Title order={2} fz="h3">
          {t('backoffice.tokens.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('backoffice.tokens.intro')}
        </Text>
      </div>
      <NewApiToken
        onCreated={(c) => {
          setCreated(c);
          setRound((r) => r + 1);
        }}
      />
      {state.status === 'loading' ? (
        <Skeleton height={120} radius="md" />
      ) : state.status === 'error' ? (
        <Alert color="red">{errorText(t, state.error)}</Alert>
      ) : state.data.tokens.length === 0 ? (
        <Text c="dimmed" data-testid="tokens-none">
          {t('backoffice.tokens.none')}
        </Text>
      ) : (
        <RecordTable
          rows={state.data.tokens}
          rowKey={(k) => k.id}
          columns={columns}
          minWidth={960}
          rowAttributes={(k) => ({ 'data-testid': 'token-row', 'data-token-name': k.name })}
          data-testid="tokens-list"
        />
      )}
      <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />
      <ShownOnce shown={shown} onClose={() => setCreated(null)} />
    </Stack>
  );
}

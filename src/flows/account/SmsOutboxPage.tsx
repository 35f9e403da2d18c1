import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { api } from '../../api/endpoints.ts';
import { LoadState } from './LoadState.tsx';
import { useLoad } from './useLoad.ts';

const loadOutbox = () => api.smsOutbox();

/** Development only: the SMS the outbox sender kept instead of sending (no gateway configured). */
export default function SmsOutboxPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { result, reload } = useLoad(loadOutbox);
  return (
    <Stack gap="md" data-testid="sms-outbox">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {t('account.devOutboxTitle')}
        </Title>
        <Button variant="default" onClick={reload}>
          {t('account.refresh')}
        </Button>
      </Group>
      <Alert color="gray">{t('account.devOutboxNote')}</Alert>
      {result.state !== 'ready' ? <LoadState result={result} retry={reload} /> : null}
      {result.state === 'ready' && result.data.messages.length === 0 ? (
        <Text c="dimmed">{t('account.devOutboxEmpty')}</Text>
      ) : null}
      {result.state === 'ready'
        ? result.data.messages.map((m, i) => (
            <Card key={`${m.createdAt}-${i}`} withBorder data-testid="sms">
              <Text size="sm" c="dimmed" dir="ltr">
                {`${m.to} · ${formatDateTime(m.createdAt, locale)}`}
              </Text>
              <Text style={{ wordBreak: 'break-all' }}>{m.text}</Text>
            </Card>
          ))
        : null}
    </Stack>
  );
}

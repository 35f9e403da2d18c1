import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { api } from '../../api/endpoints.ts';
import { LoadState } from './LoadState.tsx';
import { useLoad } from './useLoad.ts';

const loadOutbox = () => api.mailOutbox();

/** Development only: the e-mail the outbox sender kept instead of sending (no SMTP_URL), with its calendar file. */
export default function MailOutboxPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { result, reload } = useLoad(loadOutbox);
  return (
    <Stack gap="md" data-testid="mail-outbox">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {t('account.devMailOutboxTitle')}
        </Title>
        <Button variant="default" onClick={reload}>
          {t('account.refresh')}
        </Button>
      </Group>
      <Alert color="gray">{t('account.devMailOutboxNote')}</Alert>
      {result.state !== 'ready' ? <LoadState result={result} retry={reload} /> : null}
      {result.state === 'ready' && result.data.messages.length === 0 ? (
        <Text c="dimmed">{t('account.devOutboxEmpty')}</Text>
      ) : null}
      {result.state === 'ready'
        ? result.data.messages.map((m) => (
            <Card key={m.id} withBorder data-testid="mail">
              <Text size="sm" c="dimmed" dir="ltr">
                {`${m.to} · ${formatDateTime(m.createdAt, locale)}`}
              </Text>
              <Text fw={600} data-testid="mail-subject">
                {m.subject}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.text}
              </Text>
              {m.ics ? (
                <Anchor
                  size="sm"
                  href={`data:text/calendar;charset=utf-8,${encodeURIComponent(m.ics)}`}
                  download="order.ics"
                  data-testid="mail-ics"
                >
                  {t('account.devMailCalendar')}
                </Anchor>
              ) : null}
            </Card>
          ))
        : null}
    </Stack>
  );
}

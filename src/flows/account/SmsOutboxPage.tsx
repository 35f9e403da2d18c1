import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { api } from '../../api/endpoints.ts';
import { OutboxPage } from './OutboxPage.tsx';
import { useLoad } from './useLoad.ts';

const loadOutbox = () => api.smsOutbox();

/** Development only: the SMS the outbox sender kept instead of sending (no gateway configured). */
export default function SmsOutboxPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { result, reload } = useLoad(loadOutbox);
  return (
    <OutboxPage
      title={t('account.devOutboxTitle')}
      note={t('account.devOutboxNote')}
      testId="sms-outbox"
      result={result}
      reload={reload}
    >
      {(data) =>
        data.messages.map((m, i) => (
          <Card key={`${m.createdAt}-${i}`} withBorder data-testid="sms">
            <Text size="sm" c="dimmed" dir="ltr">
              {`${m.to} · ${formatDateTime(m.createdAt, locale)}`}
            </Text>
            <Text style={{ wordBreak: 'break-all' }}>{m.text}</Text>
          </Card>
        ))
      }
    </OutboxPage>
  );
}

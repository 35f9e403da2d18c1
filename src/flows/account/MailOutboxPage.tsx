import { Anchor, Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { api } from '../../api/endpoints.ts';
import { OutboxPage } from './OutboxPage.tsx';
import { useLoad } from './useLoad.ts';

const loadOutbox = () => api.mailOutbox();

/** Development only: the e-mail the outbox sender kept instead of sending (no SMTP_URL), with its calendar file. */
export default function MailOutboxPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { result, reload } = useLoad(loadOutbox);
  return (
    <OutboxPage
      title={t('account.devMailOutboxTitle')}
      note={t('account.devMailOutboxNote')}
      testId="mail-outbox"
      result={result}
      reload={reload}
    >
      {(data) =>
        data.messages.map((m) => (
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
      }
    </OutboxPage>
  );
}

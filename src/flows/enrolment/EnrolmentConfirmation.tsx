import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import { pickText, sectionIn } from '../../i18n/format.ts';
import { seatLabel } from '../../ui/seatLabel.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { PurchaseConfirmation } from '../checkout/PurchaseConfirmation.tsx';
import { myEnrolment } from './api.ts';
import type { EnrolmentStore } from './store.ts';

/** Step 6: the subscriber's member number, each concert with its seat and ticket, and the e-tickets. */
export function EnrolmentConfirmation({
  store,
  answer,
}: {
  store: EnrolmentStore;
  answer: CheckoutCompleted;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const { order } = answer;
  const mine = useAsync(() => myEnrolment(store.m), `mine:${answer.reservationIdentifier}`);
  const number = mine.status === 'done' ? mine.data.enrolment?.memberNumber : null;
  return (
    <PurchaseConfirmation
      answer={answer}
      title={t('enrolment.thankYou')}
      documentLabel={t('enrolment.openTickets')}
      keepText={t('enrolment.keepTickets')}
    >
      <Card withBorder padding="md">
        <Stack gap="xs">
          {number ? (
            <Text fw={700} data-testid="member-number">
              {t('enrolment.memberNumber', { number })}
            </Text>
          ) : null}
          {order.presentations.map((p) => {
            const ticket = order.tickets.find((x) => x.presentationId === p.id);
            return (
              <Group key={p.id} justify="space-between" wrap="wrap" data-testid="confirmation-concert">
                <div>
                  <Text size="sm" fw={600}>
                    {pickText(p.title, locale)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {when.dateTime(p.dateTime)}
                  </Text>
                </div>
                {ticket ? (
                  <div>
                    <Text size="sm" data-testid="confirmation-seat">
                      {seatLabel(t, { ...ticket, section: sectionIn(ticket, locale) }, p.isReserved)}
                    </Text>
                    <Text size="xs" c="dimmed" data-testid="confirmation-ticket">
                      {pickText(ticket.ticketName, locale)}
                    </Text>
                  </div>
                ) : null}
              </Group>
            );
          })}
        </Stack>
      </Card>
    </PurchaseConfirmation>
  );
}

import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { inclFeeText } from '../../domain/priceText.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useTranslate } from '../../ui/useTranslate.ts';
import type { VideoStore } from './store.ts';

/** Step 1: the film's rental terms and its ticket types (no seats); the cart's other tickets left it. */
export function ChooseTicket({ store }: { store: VideoStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const translate = useTranslate();
  const local = useSnapshot(store.local);
  const p = store.presentation;
  return (
    <Stack gap="md">
      {local.cleared ? (
        <Alert color="blue" data-testid="video-cart-cleared">
          {t('video.cartCleared')}
        </Alert>
      ) : null}
      <Stack gap={2}>
        <Title order={2} fz="h3" data-testid="video-title">
          {pickText(p.title, locale)}
        </Title>
        {p.durationMinutes > 0 ? (
          <Text size="sm" c="dimmed">
            {t('video.duration', { minutes: p.durationMinutes })}
          </Text>
        ) : null}
      </Stack>
      {p.vod ? (
        <Text data-testid="video-terms">
          {t('video.terms', { hours: p.vod.rentalHours, plays: p.vod.playsAllowed })}
        </Text>
      ) : null}
      <Radio.Group
        value={local.ticketId === null ? null : String(local.ticketId)}
        onChange={(v) => store.choose(Number(v))}
        aria-label={t('video.chooseTicket')}
      >
        <Stack gap="xs">
          {store.tickets.map((ticket) => {
            // The price paid, fee included, with the fee named: not a smaller price the summary grows.
            const price = store.allIn(ticket);
            const fee = inclFeeText(
              price.serviceCharge,
              pickText(p.serviceCharge.label, locale),
              locale,
              translate,
            );
            return (
              <Card key={ticket.id} withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Radio
                    value={String(ticket.id)}
                    label={pickText(ticket.name, locale)}
                    data-testid="video-ticket"
                  />
                  <Stack gap={0} align="flex-end">
                    <Text fw={600} data-testid="video-ticket-price">
                      {formatPrice(price.total, locale)}
                    </Text>
                    {fee ? (
                      <Text size="xs" c="dimmed">
                        {fee}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Card>
            );
          })}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button onClick={store.next} data-testid="next-step">
          {t('order.toPayment')}
        </Button>
      </Group>
    </Stack>
  );
}

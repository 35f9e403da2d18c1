import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { pickText } from '../../i18n/format.ts';
import { withQuery } from '../../routing/paths.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { videoWindowText } from '../../ui/VideoStatus.tsx';
import { PurchaseConfirmation } from '../checkout/PurchaseConfirmation.tsx';
import { PurchaseHeader } from '../checkout/PurchaseHeader.tsx';
import { PurchasePaymentStep } from '../checkout/PurchaseLayout.tsx';
import { PurchaseSummary } from '../checkout/PurchaseSummary.tsx';
import { usePurchaseFlow } from '../checkout/usePurchaseFlow.ts';
import { ChooseTicket } from './ChooseTicket.tsx';
import { createVideoStore, type VideoStore, videoSteps } from './store.ts';

/** A video on demand's order: ticket type → details and payment → confirmation with the viewing page. */
export function VideoOrderFlow({
  settings,
  presentation,
  groups,
}: {
  settings: Settings;
  presentation: Presentation;
  groups: readonly TicketGroup[];
}) {
  const [store, s] = usePurchaseFlow(() => createVideoStore(settings, presentation, groups));
  return (
    <Stack gap="md" data-testid="video-flow" data-step={s.step}>
      <PurchaseHeader
        settings={settings}
        flow={null}
        steps={videoSteps}
        step={s.step}
        ns="video"
        notice={s.notice}
        onDismissNotice={store.dismissNotice}
      />
      {s.step === 'choose' ? <ChooseTicket store={store} /> : null}
      {s.step === 'payment' ? (
        <PurchasePaymentStep
          checkout={store.checkout}
          summary={<VideoSummary store={store} />}
          onBack={store.back}
        />
      ) : null}
      {s.step === 'confirmation' && s.answer ? <VideoConfirmation answer={s.answer} /> : null}
    </Stack>
  );
}

function VideoSummary({ store }: { store: VideoStore }) {
  const locale = useLocale();
  useSnapshot(store.local);
  const ticket = store.ticket();
  const lines = ticket
    ? [
        {
          key: 'video',
          label: pickText(store.presentation.title, locale),
          detail: pickText(ticket.name, locale),
          amount: ticket.price,
        },
        ...(store.serviceCharge() > 0
          ? [
              {
                key: 'charge',
                label: pickText(store.presentation.serviceCharge.label, locale),
                amount: store.serviceCharge(),
              },
            ]
          : []),
      ]
    : [];
  return <PurchaseSummary lines={lines} total={store.total()} />;
}

/** Thanks, and each video with its window and plays, and the way to watch it. */
function VideoConfirmation({ answer }: { answer: CheckoutCompleted }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <PurchaseConfirmation
      answer={answer}
      title={t('video.thankYou')}
      documentLabel={t('video.openReceipt')}
      keepText={t('video.keepLink')}
    >
      {answer.order.videos.map((v) => (
        <Card key={v.presentationId} withBorder padding="md" data-testid="confirmation-video">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text fw={600}>{pickText(v.title, locale)}</Text>
              <Text size="sm" c="dimmed">
                {t('video.windowAndPlays', {
                  // "Available until …" (or "from …" before the release), as the personal area says it.
                  window: videoWindowText(t, locale, v),
                  plays: v.playsAllowed,
                })}
              </Text>
            </Stack>
            {/* In the language bought in: the link may be kept, or opened on another device. */}
            <Button
              component={Link}
              to={withQuery(v.watchPath, { language: locale })}
              data-testid="watch-now"
            >
              {t('video.watchNow')}
            </Button>
          </Group>
        </Card>
      ))}
    </PurchaseConfirmation>
  );
}

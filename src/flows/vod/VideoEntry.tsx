import { Alert, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ApiCallError } from '../../api/client.ts';
import type { Settings } from '../../api/contract/session.ts';
import { api } from '../../api/endpoints.ts';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { customerState } from '../../state/customer.ts';
import { withQuery } from '../../routing/paths.ts';
import { session } from '../../state/session.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { VideoOrderFlow } from './VideoOrderFlow.tsx';

/**
 * /vod/{vodId}, where the events board's watch button leads: a logged-in customer who holds a purchase
 * of the film that can still be watched goes to its viewing page; anyone else gets the film's order
 * (unless the venue sells no video online: the video cart flag).
 */
export function VideoEntry({ vodId }: { vodId: number }) {
  const { t } = useTranslation();
  const { settings, locale } = useSnapshot(session);
  const account = useSnapshot(customerState);
  const who = account.customer ? account.customer.CustomerId : account.checked ? 'out' : 'unknown';
  const state = useAsync(async (signal) => {
    const [presentation, prices, mine] = await Promise.all([
      api.presentation(vodId, signal),
      api.ticketGroups(vodId, signal),
      account.customer ? api.myVideos().catch(() => ({ videos: [] })) : Promise.resolve({ videos: [] }),
    ]);
    return { presentation, prices, mine: mine.videos };
  }, `${vodId}/${who}`);
  if (!Number.isInteger(vodId) || vodId <= 0) return <NotFoundPage />;
  if (state.status === 'loading' || !settings || !account.checked)
    return <Skeleton height={320} radius="md" aria-busy="true" />;
  if (state.status === 'error') {
    if (state.error instanceof ApiCallError && state.error.code === 'event_not_found')
      return <NotFoundPage />;
    return (
      <Alert color="orange" title={t('order.cannotBuy')} data-testid="video-unavailable">
        {errorText(t, state.error)}
      </Alert>
    );
  }
  const { presentation, prices, mine } = state.data;
  if (!presentation.isVod) return <NotFoundPage />;
  const owned = mine.find(
    (v) => v.presentationId === vodId && v.status !== 'expired' && v.playsRemaining > 0,
  );
  if (owned) return <Navigate to={withQuery(owned.watchPath, { language: locale })} replace />;
  if (!(settings as Settings).cart.isVideoCartEnabled)
    return (
      <Alert color="orange" title={t('order.cannotBuy')} data-testid="video-not-sold">
        {t('errors.video_not_sold_online')}
      </Alert>
    );
  return (
    <Stack gap="md">
      <VideoOrderFlow
        settings={settings as Settings}
        presentation={presentation}
        groups={prices.ticketGroups}
      />
    </Stack>
  );
}

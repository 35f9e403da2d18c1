import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../api/endpoints.ts';
import { enterMiniSite } from '../../state/partnerContext.ts';
import { session } from '../../state/session.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { groupBoard } from '../../domain/board.ts';
import { BoardDays } from './BoardDays.tsx';
import { MiniSiteBanner } from './MiniSiteBanner.tsx';

/**
 * /mini-site/{slug}: a partner's storefront (issue 20), its banner over its presentations as the events
 * board shows them. Opening it puts the customer in the mini-site for the session (state/partnerContext):
 * the order pages it links to ask for its prices, and the order records it.
 */
export default function MiniSitePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { settings } = useSnapshot(session);
  const layout = settings?.listModes.presentations ?? 'grid';
  const state = useAsync((signal) => api.miniSite(slug, signal), slug);
  const site = state.status === 'done' ? state.data : null;
  useEffect(() => {
    if (site) enterMiniSite(site);
  }, [site]);
  const days = useMemo(() => (site ? groupBoard(site.presentations) : []), [site]);
  if (state.status === 'loading') return <Skeleton height={120} radius="md" />;
  if (state.status === 'error')
    return (
      <Alert color="red" title={t('errors.errorOccurred')} role="alert" data-testid="mini-site-error">
        {errorText(t, state.error)}
      </Alert>
    );
  const storefront = state.data;
  return (
    <Stack gap="lg">
      <MiniSiteBanner site={storefront} />
      <Text c="gray.7">{t('events.miniSites.storefrontIntro')}</Text>
      {days.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="events-empty">
          {t('events.empty')}
        </Text>
      ) : (
        <BoardDays days={days} layout={layout} resetKey={storefront.slug} />
      )}
    </Stack>
  );
}

import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ApiCallError } from '../../api/client.ts';
import type { VodViewing } from '../../api/contract/vod.ts';
import { api } from '../../api/endpoints.ts';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { paths } from '../../routing/paths.ts';
import { customerState } from '../../state/customer.ts';
import { errorText } from '../../ui/errorText.ts';
import { LoginRequired } from '../../ui/login/LoginRequired.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { Player } from './Player.tsx';
import { ViewingDetails } from './ViewingDetails.tsx';

/**
 * /vod/{resId}/{vodId}: a purchase's viewing page, for its owner (logged in) or through its link
 * (`?k=`): the title, window, plays and last playback, and the film. Someone else's purchase: a clear
 * message, never the stream.
 */
export function ViewingPage({ resId, vodId }: { resId: string; vodId: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const k = params.get('k') ?? undefined;
  const account = useSnapshot(customerState);
  const who = account.customer ? `in:${account.customer.CustomerId}` : account.checked ? 'out' : 'unknown';
  const state = useAsync(() => api.vodViewing(resId, vodId, k), `${resId}/${vodId}/${k ?? ''}/${who}`);
  const [latest, setLatest] = useState<VodViewing | null>(null);

  if (state.status === 'loading') return <Skeleton height={360} radius="md" aria-busy="true" />;
  if (state.status === 'error') {
    const code = state.error instanceof ApiCallError ? state.error.code : null;
    if (code === 'vod_not_found') return <NotFoundPage />;
    if (code === 'not_logged_in')
      return account.checked ? (
        <LoginRequired title={t('vod.loginTitle')} text={t('vod.loginToWatch')} testId="vod-login" />
      ) : (
        <Skeleton height={360} radius="md" aria-busy="true" />
      );
    return (
      <Alert color="red" title={t('vod.cannotWatch')} data-testid="vod-error" data-code={code ?? ''}>
        {errorText(t, state.error)}
      </Alert>
    );
  }
  const viewing = latest ?? state.data;
  return (
    <Stack gap="md" data-testid="vod-viewing">
      <ViewingDetails viewing={viewing} />
      <Player viewing={viewing} k={k} onViewing={setLatest} />
      <Text size="sm">
        <Anchor component={Link} to={paths.vodList}>
          {t('vod.myVideos')}
        </Anchor>
      </Text>
    </Stack>
  );
}

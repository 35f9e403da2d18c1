import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../api/endpoints.ts';
import { customerState } from '../../state/customer.ts';
import { errorText } from '../../ui/errorText.ts';
import { LoginRequired } from '../../ui/login/LoginRequired.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { VideoList } from '../../ui/VideoList.tsx';

/** /vod, the configured video target (spec section 2): the customer's videos, after a login. */
export function MyVideosPage() {
  const { t } = useTranslation();
  const account = useSnapshot(customerState);
  const who = account.customer?.CustomerId ?? 'out';
  const state = useAsync(() => (account.customer ? api.myVideos() : Promise.resolve(null)), who);
  return (
    <Stack gap="md" data-testid="my-videos">
      <Title order={1} fz="h2">
        {t('vod.myVideos')}
      </Title>
      {!account.checked || state.status === 'loading' ? (
        <Skeleton height={160} radius="md" aria-busy="true" />
      ) : !account.customer ? (
        <LoginRequired text={t('vod.loginToSee')} testId="vod-list-login" />
      ) : state.status === 'error' ? (
        <Alert color="red">{errorText(t, state.error)}</Alert>
      ) : state.data && state.data.videos.length > 0 ? (
        <VideoList videos={state.data.videos} />
      ) : (
        <Text c="dimmed">{t('account.noVideos')}</Text>
      )}
    </Stack>
  );
}

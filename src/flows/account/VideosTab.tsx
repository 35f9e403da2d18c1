import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { VideoList } from '../../ui/VideoList.tsx';
import { LoadState } from './LoadState.tsx';
import { useLoad } from './useLoad.ts';

const loadVideos = () => api.myVideos();

/** Videos bought: status, window, plays left and the watch button (playback is the video flow's). */
export function VideosTab() {
  const { t } = useTranslation();
  const { result, reload } = useLoad(loadVideos);
  if (result.state !== 'ready') return <LoadState result={result} retry={reload} />;
  const { videos } = result.data;
  if (videos.length === 0) return <Text c="dimmed">{t('account.noVideos')}</Text>;
  return <VideoList videos={videos} />;
}

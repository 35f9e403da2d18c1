import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';

// Each page loads only its own code: the viewing page none of the checkout's, the order none of the player's.
const ViewingPage = lazy(() => import('./ViewingPage.tsx').then((m) => ({ default: m.ViewingPage })));
const VideoEntry = lazy(() => import('./VideoEntry.tsx').then((m) => ({ default: m.VideoEntry })));
const MyVideosPage = lazy(() => import('./MyVideosPage.tsx').then((m) => ({ default: m.MyVideosPage })));

/**
 * Video on demand (spec section 2, `/vod/{resId?}/{vodId}`): a purchase's viewing page, a film's order
 * (or the customer's purchase of it), and at `/vod` the customer's videos.
 */
export default function VodPage() {
  const { resId, vodId } = useParams();
  return (
    <Suspense fallback={<Skeleton height={360} radius="md" aria-busy="true" />}>
      {resId && vodId ? (
        <ViewingPage key={`${resId}/${vodId}`} resId={resId} vodId={Number(vodId)} />
      ) : vodId ? (
        <VideoEntry key={vodId} vodId={Number(vodId)} />
      ) : (
        <MyVideosPage />
      )}
    </Suspense>
  );
}

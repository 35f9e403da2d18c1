import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { parseDecimalId } from '../../api/contract/constants.ts';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';

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
  // As the box office reads it: '0x10' or '16.0' is no video (the page answers 404 too).
  const id = vodId ? parseDecimalId(vodId) : null;
  return (
    <Suspense fallback={<Skeleton height={360} radius="md" aria-busy="true" />}>
      {!vodId ? (
        <MyVideosPage />
      ) : id === null ? (
        <NotFoundPage />
      ) : resId ? (
        <ViewingPage key={`${resId}/${id}`} resId={resId} vodId={id} />
      ) : (
        <VideoEntry key={id} vodId={id} />
      )}
    </Suspense>
  );
}

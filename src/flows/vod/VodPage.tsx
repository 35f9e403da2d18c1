import { useParams } from 'react-router-dom';
import { MyVideosPage } from './MyVideosPage.tsx';
import { VideoEntry } from './VideoEntry.tsx';
import { ViewingPage } from './ViewingPage.tsx';

/**
 * Video on demand (spec section 2, `/vod/{resId?}/{vodId}`): a purchase's viewing page, a film's order
 * (or the customer's purchase of it), and at `/vod` the customer's videos.
 */
export default function VodPage() {
  const { resId, vodId } = useParams();
  if (resId && vodId) return <ViewingPage key={`${resId}/${vodId}`} resId={resId} vodId={Number(vodId)} />;
  if (vodId) return <VideoEntry key={vodId} vodId={Number(vodId)} />;
  return <MyVideosPage />;
}

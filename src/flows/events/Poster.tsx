import { useState } from 'react';
import { posterPath } from '../../domain/posters.ts';
import classes from './EventsBoard.module.css';

/**
 * A feature's poster in a box of fixed size (nothing shifts when it loads); lazy unless it is among the
 * first on the page: the venue's upload, else the shop's drawing. A feature without either keeps the
 * box, filled with its gradient.
 */
export function Poster({
  featureId,
  uploaded,
  alt,
  eager,
}: {
  featureId: number;
  /** The feature's uploaded poster (PresentationSummary.poster); absent: the shop's drawing. */
  uploaded?: string | undefined;
  alt: string;
  eager: boolean;
}) {
  const [missing, setMissing] = useState(false);
  return (
    <div className={classes.poster}>
      {missing ? null : (
        <img
          src={uploaded ?? posterPath(featureId)}
          alt={alt}
          width={120}
          height={180}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          onError={() => setMissing(true)}
        />
      )}
    </div>
  );
}

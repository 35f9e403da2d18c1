import { useState } from 'react';
import { posterPath } from '../../ui/posters.ts';
import classes from './EventsBoard.module.css';

/**
 * A feature's poster in a box of fixed size (nothing shifts when it loads); lazy unless it is among the
 * first on the page. A feature without a poster keeps the box, filled with its gradient.
 */
export function Poster({ featureId, alt, eager }: { featureId: number; alt: string; eager: boolean }) {
  const [missing, setMissing] = useState(false);
  return (
    <div className={classes.poster}>
      {missing ? null : (
        <img
          src={posterPath(featureId)}
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

import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { BoardDay } from '../../domain/board.ts';
import classes from './EventsBoard.module.css';
import { FeatureCard } from './FeatureCard.tsx';
import { useIncremental } from './useIncremental.ts';

/** Posters of this many first cards load at once; the rest as they come near the screen. */
const EAGER_POSTERS = 4;

/** A day's height before it is drawn: its cards' rows in the layout (poster height and showtimes). */
function estimatedHeight(features: number, layout: 'grid' | 'list'): number {
  const rows = layout === 'grid' ? Math.ceil(features / 2) : features;
  return 48 + rows * (layout === 'grid' ? 228 : 160);
}

interface Props {
  days: BoardDay[];
  layout: 'grid' | 'list';
  /** Changes with the filters: the incremental rendering starts over. */
  resetKey: string;
}

/**
 * The board's days, each a section under its date heading with one card per feature. Days come in as
 * the customer scrolls (a fortnight of showtimes is never all in the page at once), and a drawn day
 * off screen is skipped by the browser (content-visibility).
 */
export function BoardDays({ days, layout, resetKey }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { count, sentinel } = useIncremental(days.length, resetKey);
  let cardIndex = 0;
  return (
    <div data-testid="events-list" data-layout={layout}>
      {days.slice(0, count).map((d) => {
        const heading = d.day === null ? t('category.video') : formatLongDate(d.day, locale);
        const id = `day-${d.day ?? 'vod'}`;
        return (
          <section
            key={d.day ?? 'vod'}
            className={classes.day}
            style={{ containIntrinsicSize: `auto ${estimatedHeight(d.features.length, layout)}px` }}
            aria-labelledby={id}
            data-day={d.day ?? 'vod'}
          >
            <h2 className={classes.dayTitle} id={id}>
              {heading}
            </h2>
            <div className={layout === 'grid' ? classes.grid : classes.list}>
              {d.features.map((g) => (
                <FeatureCard key={g.featureId} group={g} eager={cardIndex++ < EAGER_POSTERS} />
              ))}
            </div>
          </section>
        );
      })}
      {count < days.length ? <div ref={sentinel} style={{ height: 1 }} aria-hidden="true" /> : null}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { formatDate, formatTime, pickText } from '../../i18n/format.ts';
import { orderPath } from '../../routing/paths.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { type FormatBadge, showtimeMark } from '../../domain/board.ts';
import classes from './EventsBoard.module.css';
import { useBadgeText } from './useBadgeText.ts';

interface Props {
  showtime: PresentationSummary;
  title: string;
  /** The showing's own language or format marks (those all the card's showtimes share are on the card). */
  badges: FormatBadge[];
  /** The hall, when the card's showtimes are not all in one. */
  showHall: boolean;
}

/**
 * One showtime of a card: its time and hall, and what it says of the sale. While it sells it is the link
 * to the order (`purchase-button`); its accessible name is its visible text and then the feature's title.
 */
export function ShowtimeButton({ showtime: p, title, badges, showHall }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const badgeText = useBadgeText();
  const when = useShowTime();
  const mark = showtimeMark(p);
  const content = (
    <>
      <span className={classes.clock}>{when.time(p.dateTime)}</span>
      {showHall ? (
        <>
          {' '}
          <span className={classes.hall}>{pickText(p.hallName, locale)}</span>
        </>
      ) : null}
      {badges.length > 0 ? (
        <>
          {' '}
          <span className={classes.fmt}>{badges.map(badgeText).join(' · ')}</span>
        </>
      ) : null}
      {mark ? (
        <>
          {' '}
          <span className={classes.mark}>
            {mark === 'notStarted'
              ? t('events.mark.notStarted', {
                  date: `${formatDate(p.saleStart, locale)} ${formatTime(p.saleStart, locale)}`,
                })
              : t(`events.mark.${mark}`)}
          </span>
        </>
      ) : null}
    </>
  );
  if (mark === null || mark === 'few') {
    return (
      <Link
        to={orderPath(p.id)}
        className={`${classes.time} ${mark === 'few' ? classes.few : ''}`}
        data-testid="purchase-button"
        data-presentation-id={p.id}
        data-availability={p.availability}
      >
        {content} <span className={classes.sr}>{`— ${t('events.purchaseTitle', { title })}`}</span>
      </Link>
    );
  }
  return (
    <span
      className={`${classes.time} ${classes.closed}`}
      data-testid="showtime-closed"
      data-presentation-id={p.id}
      data-mark={mark}
    >
      {content}
    </span>
  );
}

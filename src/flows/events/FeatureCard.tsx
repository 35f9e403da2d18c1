import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../i18n/format.ts';
import { vodPath } from '../../routing/paths.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { FeatureGroup } from '../../domain/board.ts';
import { featureCardText } from '../../domain/boardText.ts';
import classes from './EventsBoard.module.css';
import { Poster } from './Poster.tsx';
import { ShowtimeButton } from './ShowtimeButton.tsx';
import { useBadgeText, useTranslate } from './useBadgeText.ts';

interface Props {
  group: FeatureGroup;
  /** Among the first cards on the page: its poster loads at once. */
  eager: boolean;
}

/** One feature on one day: poster, title, category, venue and length, and its showtimes as buttons. */
export function FeatureCard({ group, eager }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const badgeText = useBadgeText();
  const translate = useTranslate();
  const { lead, showtimes } = group;
  const { title, meta, oneHall, shared, own } = featureCardText(group, locale, translate);
  return (
    <article
      className={classes.card}
      data-testid="feature-card"
      data-feature-id={group.featureId}
      aria-labelledby={`feature-${lead.id}`}
    >
      <Poster featureId={group.featureId} uploaded={lead.poster} alt={title} eager={eager} />
      <div className={classes.body}>
        <div className={classes.tags}>
          <span className={`${classes.tag} ${classes.tagCategory}`}>{t(`category.${lead.category}`)}</span>
          {lead.isReserved || lead.isVod ? null : (
            <span className={`${classes.tag} ${classes.tagPlain}`}>{t('events.generalAdmission')}</span>
          )}
          {shared.map((b) => (
            <span key={badgeText(b)} className={classes.tag}>
              {badgeText(b)}
            </span>
          ))}
        </div>
        <h3 className={classes.title} id={`feature-${lead.id}`}>
          {title}
        </h3>
        <p className={classes.meta}>{meta}</p>
      </div>
      {lead.isVod ? (
        <VodAction group={group} title={title} />
      ) : (
        <ul className={`${classes.action} ${classes.times}`} aria-label={t('events.showtimes')}>
          {showtimes.map((s) => (
            <li key={s.id}>
              <ShowtimeButton showtime={s} title={title} badges={own.get(s.id) ?? []} showHall={!oneHall} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** Video on demand: watchable until its sale ends, one Watch button per rental offer. */
function VodAction({ group, title }: { group: FeatureGroup; title: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className={classes.action}>
      {group.showtimes.map((p) => (
        <div key={p.id} className={classes.vod} data-presentation-id={p.id}>
          <p className={classes.meta}>
            {t('events.availableUntil', { date: formatDateTime(p.saleEnd, locale) })}
          </p>
          {p.locationOffline ? (
            <p className={classes.meta} data-testid="location-offline">
              {t('events.mark.offline')}
            </p>
          ) : p.saleStatus === 'open' ? (
            <Button component={Link} to={vodPath(p.id)} size="sm" data-testid="watch-button">
              {t('events.watch')} <span className={classes.sr}>{`— ${title}`}</span>
            </Button>
          ) : null}
        </div>
      ))}
    </div>
  );
}

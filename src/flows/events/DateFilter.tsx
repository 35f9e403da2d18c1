import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './EventsBoard.module.css';
import { addDaysIso } from '../../domain/venue.ts';
import { formatDayChip } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';

export const DATE_FILTER_DAYS = 14;

interface Props {
  today: string;
  value: string | null;
  onChange: (date: string | null) => void;
}

/** All dates, or one of the next 14 business dates (Asia/Jerusalem). */
export function DateFilter({ today, value, onChange }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const days = Array.from({ length: DATE_FILTER_DAYS }, (_, i) => addDaysIso(today, i));
  return (
    <div className={classes.chipRow}>
      <Chip.Group multiple={false} value={value ?? 'all'} onChange={(v) => onChange(v === 'all' ? null : v)}>
        <Group
          gap="xs"
          wrap="nowrap"
          role="group"
          aria-label={t('events.dateFilter')}
          data-testid="date-filter"
        >
          <Chip value="all" variant="outline">
            {t('events.allDates')}
          </Chip>
          {days.map((d, i) => {
            const { weekday, date } = formatDayChip(d, locale);
            const label = i === 0 ? t('events.today') : i === 1 ? t('events.tomorrow') : weekday;
            return (
              <Chip key={d} value={d} variant="outline" data-date={d}>
                {`${label} ${date}`}
              </Chip>
            );
          })}
        </Group>
      </Chip.Group>
    </div>
  );
}

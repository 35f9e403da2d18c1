import { Chip, Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './EventsBoard.module.css';
import type { LocalizedText } from '../../api/contract/common.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { BOARD_KINDS, type BoardFilters as Filters, type BoardKind } from '../../domain/board.ts';

interface Props {
  filters: Filters;
  venues: { id: number; name: LocalizedText }[];
  /** One filter changed: the page merges it into the URL's latest filters (a fast typist never undoes one). */
  onChange: (change: Partial<Filters>) => void;
}

/** Search, venue and kind: each kept in the URL (`q`, `venue`, `kind`) by the page. */
export function BoardFilters({ filters, venues, onChange }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="board-filters">
      <TextInput
        type="search"
        label={t('events.filters.search')}
        placeholder={t('events.filters.searchPlaceholder')}
        value={filters.q}
        onChange={(e) => onChange({ q: e.currentTarget.value })}
        data-testid="board-search"
        style={{ flex: '3 1 10rem' }}
        maxLength={100}
      />
      <NativeSelect
        label={t('events.filters.venue')}
        value={filters.venue === null ? '' : String(filters.venue)}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange({ venue: v ? Number(v) : null });
        }}
        data={[
          { value: '', label: t('events.filters.allVenues') },
          ...venues.map((v) => ({ value: String(v.id), label: pickText(v.name, locale) })),
        ]}
        data-testid="venue-filter"
        style={{ flex: '2 1 8rem' }}
      />
      <div className={classes.chipRow} style={{ flex: '1 1 100%' }}>
        <Chip.Group
          multiple={false}
          value={filters.kind ?? 'all'}
          onChange={(v) => onChange({ kind: v === 'all' ? null : (v as BoardKind) })}
        >
          <Group
            gap="xs"
            wrap="nowrap"
            role="group"
            aria-label={t('events.filters.kind')}
            data-testid="kind-filter"
          >
            <Chip value="all" variant="outline">
              {t('events.filters.allKinds')}
            </Chip>
            {BOARD_KINDS.map((k) => (
              <Chip key={k} value={k} variant="outline" data-kind={k}>
                {t(`events.kind.${k}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
    </Group>
  );
}

import {
  Alert,
  Badge,
  Card,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { api } from '../../api/endpoints.ts';
import { pickText, venueToday } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { touchInput } from '../ui/touch.ts';
import { findShows, sellableShows } from './showSearch.ts';

/** The most shows listed at once: typing narrows them. */
const SHOWN = 40;

/**
 * The counter's first step (issue 36): today's and the coming shows on sale, found by typing (title,
 * hall, time), chosen with the arrow keys and Enter, or a click. The field has the focus from the start.
 */
export function PresentationPicker({
  onPick,
  busy,
  only,
}: {
  onPick(id: number): void;
  busy: boolean;
  /** Only these shows (an exchange: the same feature's). */
  only?: (p: PresentationSummary) => boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const list = useAsync((signal) => api.presentations(undefined, signal), 'counter-shows');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const entries = useMemo(
    () =>
      list.status === 'done'
        ? sellableShows(only ? list.data.presentations.filter(only) : list.data.presentations, locale)
        : [],
    [list, locale, only],
  );
  const shown = useMemo(() => findShows(entries, query, SHOWN), [entries, query]);
  const current = Math.min(active, Math.max(0, shown.length - 1));
  const today = venueToday();

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, current + 1),
      ArrowUp: Math.max(0, current - 1),
      PageDown: Math.min(last, current + 8),
      PageUp: Math.max(0, current - 8),
    };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key]!);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const p = shown[current];
      if (p && !busy) onPick(p.id);
    }
  };

  return (
    <Card withBorder padding="md" data-testid="counter-picker">
      <Stack gap="sm">
        <TextInput
          label={t('backoffice.counter.findShow')}
          description={t('backoffice.counter.findShowHint')}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKey}
          autoFocus
          styles={touchInput}
          role="combobox"
          aria-expanded
          aria-controls="counter-show-list"
          aria-activedescendant={shown[current] ? `counter-show-${shown[current].id}` : undefined}
          data-testid="counter-show-search"
        />
        {list.status === 'loading' ? <Skeleton height={200} /> : null}
        {list.status === 'error' ? <Alert color="red">{errorText(t, list.error)}</Alert> : null}
        {list.status === 'done' && shown.length === 0 ? (
          <Text c="dimmed" data-testid="counter-no-shows">
            {t('backoffice.counter.noShows')}
          </Text>
        ) : null}
        <ScrollArea.Autosize mah={420} viewportRef={listRef}>
          <Stack gap={4} role="listbox" id="counter-show-list" aria-label={t('backoffice.counter.shows')}>
            {shown.map((p, i) => (
              <UnstyledButton
                key={p.id}
                id={`counter-show-${p.id}`}
                role="option"
                aria-selected={i === current}
                data-index={i}
                data-presentation-id={p.id}
                tabIndex={-1}
                onClick={() => !busy && onPick(p.id)}
                // Only a pointer that moves picks: a resting one that the list slides under (as it
                // loads, or scrolls to the keyboard's choice) leaves the keyboard's choice alone.
                onMouseMove={(e) => (e.movementX || e.movementY) && i !== current && setActive(i)}
                p="xs"
                style={{
                  borderRadius: 6,
                  background: i === current ? 'var(--mantine-color-blue-light)' : undefined,
                }}
                data-testid="counter-show"
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={700} truncate>
                      {pickText(p.title, locale)}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {pickText(p.venueName, locale)} · {pickText(p.hallName, locale)}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    {p.seatsLeft !== null ? (
                      <Badge variant="light" color={p.availability === 'few' ? 'orange' : 'gray'}>
                        {t('backoffice.counter.seatsLeft', { count: p.seatsLeft })}
                      </Badge>
                    ) : null}
                    <Text fw={600} dir="auto" style={{ whiteSpace: 'nowrap' }}>
                      {p.businessDate === today ? when.time(p.dateTime) : when.dateTime(p.dateTime)}
                    </Text>
                  </Group>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Card>
  );
}

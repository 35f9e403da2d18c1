import { Accordion, Button, Group, ScrollArea, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListSection } from '../../workers/seatplan/engine.ts';
import type { SeatMapHandle } from './index.ts';

interface Props {
  handle: SeatMapHandle;
  /** Bumped when seats change, to refresh the list. */
  version: number;
  priceOf?: ((ticketGroup: number) => string | null) | undefined;
  onPick: (index: number) => void;
}

/** The map as a list: free seats by section and row, each a button; for screen readers and small screens. */
export function SeatListView({ handle, version, priceOf, onPick }: Props) {
  const { t } = useTranslation();
  const [sections, setSections] = useState<ListSection[] | null>(null);
  useEffect(() => {
    let stale = false;
    void handle.engine.call('availableList').then((list) => !stale && setSections(list));
    return () => {
      stale = true;
    };
  }, [handle, version]);

  if (!sections) return null;
  if (sections.length === 0) return <Text c="dimmed">{t('seatmap.noSeats')}</Text>;
  return (
    <ScrollArea.Autosize mah={480} data-testid="seat-list-view">
      <Accordion multiple defaultValue={sections.length === 1 ? [String(sections[0]!.sectionIndex)] : []}>
        {sections.map((s) => (
          <Accordion.Item key={s.sectionIndex} value={String(s.sectionIndex)}>
            <Accordion.Control>
              {t('seatmap.sectionCount', {
                section: s.name,
                count: s.rows.reduce((n, r) => n + r.seats.length, 0),
              })}
            </Accordion.Control>
            <Accordion.Panel>
              {s.rows.map((r) => (
                <Group key={r.row} gap={4} mb={6} align="center">
                  <Text size="sm" fw={600} w={72}>
                    {t('seatmap.rowName', { row: r.row })}
                  </Text>
                  {r.seats.map((seat) => {
                    const price = priceOf?.(seat.ticketGroup);
                    return (
                      <Button
                        key={seat.index}
                        size="compact-xs"
                        variant={seat.kind === 'selected' ? 'filled' : 'light'}
                        aria-pressed={seat.kind === 'selected'}
                        aria-label={t('seatmap.announce', {
                          section: s.name,
                          row: r.row,
                          seat: seat.seat,
                          kind: t(`seatmap.kind.${seat.kind}`),
                          price: price ? `, ${price}` : '',
                        })}
                        onClick={() => onPick(seat.index)}
                      >
                        {seat.seat}
                      </Button>
                    );
                  })}
                </Group>
              ))}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </ScrollArea.Autosize>
  );
}

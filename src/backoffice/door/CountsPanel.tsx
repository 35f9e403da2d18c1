import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoorCounts } from '../../api/contract/door.ts';
import { doorApi } from './api.ts';
import { isolate } from './answerView.ts';
import { COUNTS_EVERY_MS, sumCounts } from './counts.ts';

/**
 * The live counts (inside of expected, arrived, per door), asked every five seconds while the page is
 * in view, and at once after each answer (`refresh` changes).
 */
function useCounts(presentationIds: readonly number[], refresh: number): DoorCounts | null {
  const [counts, setCounts] = useState<DoorCounts | null>(null);
  const ids = presentationIds.join(',');
  useEffect(() => {
    const ctrl = new AbortController();
    const load = () => {
      if (document.visibilityState === 'hidden') return;
      doorApi.counts(ids.split(',').map(Number), ctrl.signal).then(setCounts, () => undefined);
    };
    load();
    const timer = setInterval(load, COUNTS_EVERY_MS);
    document.addEventListener('visibilitychange', load);
    return () => {
      ctrl.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', load);
    };
  }, [ids, refresh]);
  return counts;
}

export function CountsPanel({
  presentationIds,
  refresh,
}: {
  presentationIds: readonly number[];
  refresh: number;
}) {
  const { t } = useTranslation();
  const counts = useCounts(presentationIds, refresh);
  if (!counts) return null;
  const sum = sumCounts(counts);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="door-counts" aria-live="off">
      <SimpleGrid cols={2} spacing="xs">
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            {t('door.counts.inside')}
          </Text>
          <Text fz={28} fw={800} lh={1.1} data-testid="door-count-inside">
            <bdi>
              {sum.inside} / {sum.expected}
            </bdi>
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            {t('door.counts.arrived')}
          </Text>
          <Text fz={28} fw={800} lh={1.1} data-testid="door-count-arrived">
            {sum.arrived}
          </Text>
        </Stack>
      </SimpleGrid>
      {sum.doors.length > 0 ? (
        <Group gap="md" mt={6}>
          {sum.doors.map((d) => (
            <Text key={d.door} fz="sm" data-testid="door-count-door">
              {t('door.counts.door', { door: isolate(d.door), in: d.in, out: d.out })}
            </Text>
          ))}
        </Group>
      ) : null}
      {counts.conflicts > 0 ? (
        <Text fz="sm" c="red.8" fw={700} mt={6} data-testid="door-count-conflicts">
          {t('door.counts.conflicts', { count: counts.conflicts })}
        </Text>
      ) : null}
    </Card>
  );
}

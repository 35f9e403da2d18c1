import { Alert, Card, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Seatplan } from '../../api/contract/seatplan.ts';
import type { SeatKey } from '../../domain/seatKey.ts';
import { intlTag } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { useLoaded } from '../venues/shared.tsx';
import { type PlanDetail, type PlanDiff as Diff, plansApi } from './api.ts';
import { HighlightMap } from './PlanMap.tsx';
import { seatName } from './problemText.ts';

/** The most seats each list shows (the box office names up to 1,000; the totals count them all). */
const SHOWN = 100;
const KINDS = ['added', 'removed', 'moved', 'changed'] as const;

type SeatRef = Diff['added'][number];

/**
 * What this version changes against the hall's published one: the totals, the seats added, removed,
 * moved and changed (with the fields), and both plans side by side (stacked on a phone) with the seats
 * that differ shown as selected.
 */
export function PlanDiff({ detail, edits }: { detail: PlanDetail; edits: number }) {
  const { t } = useTranslation();
  const id = detail.version.id;
  // Loaded when the tab opens, and again after each edit.
  const diff = useLoaded(async (signal) => {
    const d = await plansApi.diff(id, undefined, signal);
    const from = d.from !== null ? await plansApi.seatplan(d.from, signal) : null;
    return { diff: d, from };
  }, `${id}:${edits}`);
  if (diff.error) return <Alert color="red">{errorText(t, diff.error)}</Alert>;
  if (!diff.data) return <Skeleton height={240} radius="md" aria-busy="true" />;
  const { diff: d, from } = diff.data;
  if (d.from === null || !from)
    return (
      <Alert color="blue" variant="light" data-testid="plan-diff-none">
        {detail.version.status === 'draft'
          ? t('backoffice.plans.diffNothingPublished')
          : t('backoffice.plans.diffFirstVersion')}
      </Alert>
    );
  return (
    <Stack gap="md" data-testid="plan-diff">
      <Text size="sm" c="dimmed">
        {t('backoffice.plans.diffAgainst', { version: from.version.version })}
      </Text>
      <Totals diff={d} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {KINDS.map((k) => (
          <Changes key={k} kind={k} diff={d} />
        ))}
      </SimpleGrid>
      <SideBySide
        diff={d}
        before={from.plan}
        after={detail.plan}
        beforeVersion={from.version.version}
        afterVersion={detail.version.version}
      />
    </Stack>
  );
}

function Totals({ diff }: { diff: Diff }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="plan-diff-totals">
      {KINDS.map((k) => (
        <Card key={k} withBorder padding="xs" data-testid={`plan-diff-${k}`}>
          <Text size="xs" c="dimmed">
            {t(`backoffice.plans.diffKinds.${k}`)}
          </Text>
          <Text fw={700} fz="lg">
            {diff.totals[k].toLocaleString(intlTag(locale))}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function lines(t: TFunction, kind: (typeof KINDS)[number], diff: Diff): string[] {
  const arrow = t('backoffice.plans.movedArrow');
  switch (kind) {
    case 'added':
      return diff.added.slice(0, SHOWN).map((s) => seatName(t, s));
    case 'removed':
      return diff.removed.slice(0, SHOWN).map((s) => seatName(t, s));
    case 'moved':
      return diff.moved.slice(0, SHOWN).map((m) => `${seatName(t, m.from)} ${arrow} ${seatName(t, m.to)}`);
    case 'changed':
      return diff.changed
        .slice(0, SHOWN)
        .map(
          (c) =>
            `${seatName(t, c.seat)}: ${c.fields.map((f) => t(`backoffice.plans.fields.${f}`, { defaultValue: f })).join(', ')}`,
        );
  }
}

function Changes({ kind, diff }: { kind: (typeof KINDS)[number]; diff: Diff }) {
  const { t } = useTranslation();
  const shown = lines(t, kind, diff);
  const total = diff.totals[kind];
  if (total === 0) return null;
  return (
    <Card withBorder padding="sm" data-testid={`plan-diff-list-${kind}`}>
      <Title order={4} fz="sm" mb={6}>
        {t(`backoffice.plans.diffKinds.${kind}`)}
      </Title>
      <List size="sm" spacing={2} style={{ overflowWrap: 'anywhere' }}>
        {shown.map((line, i) => (
          <List.Item key={i}>{line}</List.Item>
        ))}
      </List>
      {total > shown.length ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t('backoffice.plans.andMore', { count: total - shown.length })}
        </Text>
      ) : null}
    </Card>
  );
}

const keysOf = (refs: readonly SeatRef[]) => refs.map((r) => r.key as SeatKey);

function SideBySide({
  diff,
  before,
  after,
  beforeVersion,
  afterVersion,
}: {
  diff: Diff;
  before: Seatplan;
  after: Seatplan;
  beforeVersion: number;
  afterVersion: number;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  // The published plan shows what goes or changes, this version what comes or changes.
  const [gone, come] = useMemo(() => {
    const changed = keysOf(diff.changed.map((c) => c.seat));
    return [
      new Set([...keysOf(diff.removed), ...keysOf(diff.moved.map((m) => m.from)), ...changed]),
      new Set([...keysOf(diff.added), ...keysOf(diff.moved.map((m) => m.to)), ...changed]),
    ];
  }, [diff]);
  const height = phone ? 300 : 420;
  return (
    <Stack gap="xs" data-testid="plan-diff-maps">
      <Text size="sm" c="dimmed">
        {t('backoffice.plans.diffMapsHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap={4}>
          <Title order={4} fz="sm">
            {t('backoffice.plans.diffBefore', { version: beforeVersion })}
          </Title>
          <HighlightMap plan={before} keys={gone} height={height} />
        </Stack>
        <Stack gap={4}>
          <Title order={4} fz="sm">
            {t('backoffice.plans.diffAfter', { version: afterVersion })}
          </Title>
          <HighlightMap plan={after} keys={come} height={height} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { intlTag } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { RecordTable } from '../ui/RecordTable.tsx';
import type { PlanFiguresView } from './api.ts';
import { priceLevelsOf } from './planModel.ts';

const FLAGS = ['handicap', 'companion', 'limitedView', 'premium', 'sofa', 'house'] as const;

/** A plan in numbers: its seats, per section and per price level (by name), and the seats with a flag. */
export function PlanFigures({
  figures,
  levelLabel,
}: {
  figures: PlanFiguresView;
  levelLabel(id: number): string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const n = (v: number) => v.toLocaleString(intlTag(locale));
  const levels = (byLevel: Record<string, number>) => (
    <Group gap={6} wrap="wrap">
      {priceLevelsOf(byLevel).map((id) => (
        <Badge key={id} variant="light" color="violet" tt="none">
          {t('backoffice.plans.levelCount', {
            level: levelLabel(id),
            count: n(byLevel[id] ?? 0),
          })}
        </Badge>
      ))}
    </Group>
  );
  return (
    <Stack gap="md" data-testid="plan-figures">
      <SimpleGrid cols={{ base: 2, xs: 3, md: 7 }} spacing="xs">
        <Stat
          label={t('backoffice.plans.seats')}
          value={n(figures.seats)}
          testId="plan-figure-seats"
          strong
        />
        {FLAGS.map((f) => (
          <Stat
            key={f}
            label={t(`backoffice.plans.figures.${f}`)}
            value={n(figures.flagged[f])}
            testId={`plan-figure-${f}`}
          />
        ))}
      </SimpleGrid>
      <Stack gap={6}>
        <Title order={4} fz="md">
          {t('backoffice.plans.byPriceLevel')}
        </Title>
        {levels(figures.byPriceLevel)}
      </Stack>
      <Stack gap={6}>
        <Title order={4} fz="md">
          {t('backoffice.plans.bySection')}
        </Title>
        <RecordTable
          rows={figures.sections}
          rowKey={(s) => String(s.id)}
          minWidth={420}
          data-testid="plan-figure-sections"
          columns={[
            { key: 'name', label: t('backoffice.plans.section'), render: (s) => s.name },
            { key: 'seats', label: t('backoffice.plans.seats'), render: (s) => n(s.seats) },
            {
              key: 'levels',
              label: t('backoffice.plans.byPriceLevel'),
              render: (s) => levels(s.byPriceLevel),
            },
          ]}
        />
      </Stack>
    </Stack>
  );
}

function Stat({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Card withBorder padding="xs" data-testid={testId}>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {label}
      </Text>
      <Text fw={700} fz={strong ? 'xl' : 'lg'}>
        {value}
      </Text>
    </Card>
  );
}

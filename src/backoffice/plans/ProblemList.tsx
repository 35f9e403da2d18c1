import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { SeatKey } from '../../domain/seatKey.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import type { PlanProblemView } from './api.ts';
import { problemMessage, problemPlaces } from './problemText.ts';

/**
 * A plan's problems: errors (which stop publishing) apart from warnings, each naming its line or path and
 * its seat. A problem with a seat key can be shown on the map (`onSeat`). The box office lists at most a
 * few hundred; `total` counts them all.
 */
export function ProblemList({
  problems,
  total,
  onSeat,
  unusable = false,
}: {
  problems: readonly PlanProblemView[];
  total: number;
  onSeat?: (key: SeatKey) => void;
  /** The file cannot become a plan at all (its errors are structural). */
  unusable?: boolean;
}) {
  const { t } = useTranslation();
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  if (problems.length === 0)
    return (
      <Alert color="teal" variant="light" data-testid="plan-no-problems">
        {t('backoffice.plans.noProblems')}
      </Alert>
    );
  return (
    <Stack gap="sm" data-testid="plan-problems">
      <Group gap="xs">
        <Badge color={errors.length ? 'red' : 'gray'} variant="light" data-testid="plan-error-count">
          {t('backoffice.plans.errorCount', { count: errors.length })}
        </Badge>
        <Badge color={warnings.length ? 'orange' : 'gray'} variant="light">
          {t('backoffice.plans.warningCount', { count: warnings.length })}
        </Badge>
      </Group>
      {errors.length ? (
        <ProblemGroup
          title={t('backoffice.plans.errors')}
          color="red"
          intro={t(unusable ? 'backoffice.plans.errorsUnusable' : 'backoffice.plans.errorsIntro')}
        >
          <Items problems={errors} onSeat={onSeat} testId="plan-error" />
        </ProblemGroup>
      ) : null}
      {warnings.length ? (
        <ProblemGroup
          title={t('backoffice.plans.warnings')}
          color="orange"
          intro={t('backoffice.plans.warningsIntro')}
        >
          <Items problems={warnings} onSeat={onSeat} testId="plan-warning" />
        </ProblemGroup>
      ) : null}
      {total > problems.length ? (
        <Text size="sm" c="dimmed">
          {t('backoffice.plans.moreProblems', { count: total - problems.length })}
        </Text>
      ) : null}
    </Stack>
  );
}

function ProblemGroup({
  title,
  color,
  intro,
  children,
}: {
  title: string;
  color: 'red' | 'orange';
  intro: string;
  children: ReactNode;
}) {
  return (
    <Alert color={color} variant="light" title={title} styles={{ message: { overflowWrap: 'anywhere' } }}>
      <Text size="sm" mb="xs">
        {intro}
      </Text>
      {children}
    </Alert>
  );
}

function Items({
  problems,
  onSeat,
  testId,
}: {
  problems: readonly PlanProblemView[];
  onSeat: ((key: SeatKey) => void) | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing="xs">
      {problems.map((p, i) => {
        const key = p.seat?.key as SeatKey | undefined;
        return (
          <List.Item key={i} data-testid={testId} data-code={p.code} data-seat-key={key}>
            <Text size="sm" span>
              {problemMessage(t, p)}
            </Text>{' '}
            <Text size="sm" c="dimmed" span data-testid="plan-problem-place">
              {problemPlaces(t, p).join(' · ')}
            </Text>
            {key && onSeat ? (
              <Button
                variant="subtle"
                size="compact-sm"
                mih={TOUCH_PX}
                ms="xs"
                onClick={() => onSeat(key)}
                data-testid="plan-problem-show"
                aria-label={t('backoffice.plans.showSeatOf', { place: problemPlaces(t, p).join(', ') })}
              >
                {t('backoffice.plans.showSeat')}
              </Button>
            ) : null}
          </List.Item>
        );
      })}
    </List>
  );
}

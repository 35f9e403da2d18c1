import { Alert, Badge, Group, Progress, Stack, Stepper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../api/contract/session.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { type FlowMessage, type OrderStepId, formatCountdown, messageText, orderSteps } from './model.ts';
import { usePhone } from '../../ui/usePhone.ts';

interface Props {
  settings: Settings;
  step: OrderStepId;
  /** Milliseconds left of the step, or null when no countdown shows. */
  remaining: number | null;
  notice: FlowMessage | null;
  onDismissNotice: () => void;
}

/** The venue's title for the flow, the progress through the steps, the step's countdown and any notice. */
export function OrderHeader({ settings, step, remaining, notice, onDismissNotice }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const flowTexts = settings.flows.order;
  const phone = usePhone();
  const active = step === 'confirmation' ? orderSteps.length : orderSteps.indexOf(step);
  const n = Math.min(active + 1, orderSteps.length);
  const stepTitle = (id: OrderStepId) =>
    pickText(flowTexts?.steps?.[id] ?? {}, locale) || t(`order.steps.${id}`);
  return (
    <>
      {flowTexts?.title ? (
        <Title order={2} fz="h3">
          {pickText(flowTexts.title, locale)}
        </Title>
      ) : null}
      {flowTexts?.subtitle ? <Text c="dimmed">{pickText(flowTexts.subtitle, locale)}</Text> : null}
      {phone ? (
        // On a phone the heading must leave the seat map in the first screen's upper half (issue 35): the
        // step's number ("2/5", its words for screen readers), its title and the countdown share one line,
        // the progress a thin bar under it.
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="step-progress">
              <VisuallyHidden>{t('order.stepOf', { n, total: orderSteps.length })}</VisuallyHidden>
              <span aria-hidden="true">{`${n}/${orderSteps.length}`}</span>
            </Text>
            <Title order={2} fz="md" flex={1} miw={0} style={truncated} data-testid="step-title">
              {stepTitle(step)}
            </Title>
            {remaining !== null ? <Countdown remaining={remaining} compact /> : null}
          </Group>
          <Progress value={(n / orderSteps.length) * 100} size="xs" aria-label={t('order.progress')} />
        </Stack>
      ) : (
        <>
          <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label={t('order.progress')}>
            {orderSteps.map((id) => (
              <Stepper.Step key={id} label={stepTitle(id)} />
            ))}
          </Stepper>
          <Group justify="space-between" wrap="wrap">
            <Title order={2} fz="h3" data-testid="step-title">
              {stepTitle(step)}
            </Title>
            {remaining !== null ? <Countdown remaining={remaining} /> : null}
          </Group>
        </>
      )}
      {notice ? (
        <Alert
          color="orange"
          role="alert"
          data-testid="flow-notice"
          withCloseButton
          onClose={onDismissNotice}
        >
          {messageText(t, notice)}
        </Alert>
      ) : null}
    </>
  );
}

const truncated = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/**
 * The time left of the step; red in its last minute, when a screen reader says it. `compact` (a phone's
 * one line): a clock and the time, the words for screen readers only.
 */
function Countdown({ remaining, compact = false }: { remaining: number; compact?: boolean }) {
  const { t } = useTranslation();
  const words = t('order.timeLeft', { time: formatCountdown(remaining) });
  return (
    <Badge
      size={compact ? 'md' : 'lg'}
      variant="light"
      color={remaining < 60_000 ? 'red' : 'violet'}
      data-testid="step-timer"
      aria-live={remaining < 60_000 ? 'polite' : 'off'}
      style={compact ? { flexShrink: 0, textTransform: 'none' } : undefined}
      leftSection={compact ? CLOCK : undefined}
    >
      {compact ? (
        <>
          <VisuallyHidden>{words}</VisuallyHidden>
          <span aria-hidden="true">{formatCountdown(remaining)}</span>
        </>
      ) : (
        words
      )}
    </Badge>
  );
}

const CLOCK = (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
    strokeLinecap="round"
    aria-hidden="true"
    focusable="false"
  >
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </svg>
);

import { Alert, Badge, Group, Progress, Stepper, Text, Title } from '@mantine/core';
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
        // On a phone the five steps would push the seat map below the fold: one line and a bar instead.
        <Group gap="sm" wrap="nowrap" aria-label={t('order.progress')} data-testid="step-progress">
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('order.stepOf', { n: Math.min(active + 1, orderSteps.length), total: orderSteps.length })}
          </Text>
          <Progress
            value={(Math.min(active + 1, orderSteps.length) / orderSteps.length) * 100}
            flex={1}
            size="sm"
            aria-label={t('order.progress')}
          />
        </Group>
      ) : (
        <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label={t('order.progress')}>
          {orderSteps.map((id) => (
            <Stepper.Step key={id} label={stepTitle(id)} />
          ))}
        </Stepper>
      )}
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="h3" data-testid="step-title">
          {stepTitle(step)}
        </Title>
        {remaining !== null ? (
          <Badge
            size="lg"
            variant="light"
            color={remaining < 60_000 ? 'red' : 'violet'}
            data-testid="step-timer"
            aria-live={remaining < 60_000 ? 'polite' : 'off'}
          >
            {t('order.timeLeft', { time: formatCountdown(remaining) })}
          </Badge>
        ) : null}
      </Group>
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

import { Alert, Group, Progress, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FlowId, Settings } from '../../api/contract/session.ts';
import { pickText } from '../../i18n/format.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { messageOf } from './CheckoutStep.tsx';
import type { CheckoutMessage } from './store.ts';

interface Props {
  settings: Settings;
  /** The venue's texts for the flow (`settings.flows`); null: the shop's own only. */
  flow: FlowId | null;
  /** The flow's steps in order (the confirmation last); their texts are `${ns}.steps.${id}`. */
  steps: readonly string[];
  step: string;
  ns: string;
  notice: CheckoutMessage | null;
  onDismissNotice: () => void;
}

/**
 * A purchase flow's title, subtitle and step names (the venue's from `settings.flows[flow]` where set,
 * else the shop's own), its progress and any notice. On a phone the steps shrink to a line and a bar.
 */
export function PurchaseHeader({ settings, flow, steps, step, ns, notice, onDismissNotice }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const phone = usePhone();
  const texts = flow ? settings.flows[flow] : undefined;
  const last = steps.length - 1;
  const index = Math.max(0, steps.indexOf(step));
  const active = index === last ? steps.length : index;
  const stepTitle = (id: string) => pickText(texts?.steps?.[id] ?? {}, locale) || t(`${ns}.steps.${id}`);
  return (
    <>
      <Title order={1} fz={phone ? 'h3' : 'h2'} data-testid="flow-title">
        {texts?.title ? pickText(texts.title, locale) : t(`${ns}.title`)}
      </Title>
      <Text c="dimmed" data-testid="flow-subtitle">
        {texts?.subtitle ? pickText(texts.subtitle, locale) : t(`${ns}.subtitle`)}
      </Text>
      {phone ? (
        <Group gap="sm" wrap="nowrap" aria-label={t('order.progress')} data-testid="step-progress">
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('order.stepOf', { n: index + 1, total: steps.length })}
          </Text>
          <Progress
            value={((index + 1) / steps.length) * 100}
            flex={1}
            size="sm"
            aria-label={t('order.progress')}
          />
        </Group>
      ) : (
        <Stepper active={active} size="sm" allowNextStepsSelect={false} aria-label={t('order.progress')}>
          {steps.map((id) => (
            <Stepper.Step key={id} label={stepTitle(id)} />
          ))}
        </Stepper>
      )}
      <Title order={2} fz="h3" data-testid="step-title">
        {stepTitle(step)}
      </Title>
      {notice ? (
        <Alert
          color="orange"
          role="alert"
          data-testid="flow-notice"
          withCloseButton
          onClose={onDismissNotice}
        >
          {messageOf(t, notice)}
        </Alert>
      ) : null}
    </>
  );
}

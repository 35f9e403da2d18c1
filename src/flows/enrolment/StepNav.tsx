import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Back and next of an enrolment step. */
export function StepNav(props: {
  onBack?: (() => void) | undefined;
  onNext: () => void;
  nextDisabled?: boolean;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      {props.onBack ? (
        <Button variant="default" onClick={props.onBack}>
          {t('order.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button
        onClick={props.onNext}
        disabled={props.nextDisabled}
        loading={props.loading}
        data-testid="next-step"
      >
        {t('enrolment.next')}
      </Button>
    </Group>
  );
}

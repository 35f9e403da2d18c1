import { Alert, Badge, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { EnrolmentPresentation } from '../../api/contract/enrolment.ts';
import { formatDateTime, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { StepNav } from './StepNav.tsx';
import type { EnrolmentStore } from './store.ts';

/** Step 3: the required concerts, and exactly `optionalChoices` of the optional ones to choose. */
export function EventsStep({ store }: { store: EnrolmentStore }) {
  const { t } = useTranslation();
  const e = useSnapshot(store.e);
  const m = store.m;
  const required = m.Presentations.filter((p) => p.IsRequired);
  const optional = m.Presentations.filter((p) => !p.IsRequired);
  const full = e.optional.length >= m.optionalChoices;
  return (
    <Stack gap="sm" data-testid="enrolment-events-step">
      <Text fw={600}>{t('enrolment.requiredConcerts', { n: required.length })}</Text>
      <Stack gap={6}>
        {required.map((p) => (
          <Concert key={p.PresentationId} p={p}>
            <Badge variant="light">{t('enrolment.included')}</Badge>
          </Concert>
        ))}
      </Stack>
      <Text fw={600} mt="sm">
        {t('enrolment.chooseOptional', { n: m.optionalChoices })}
      </Text>
      <Stack gap={6}>
        {optional.map((p) => {
          const checked = e.optional.includes(p.PresentationId);
          return (
            <Concert key={p.PresentationId} p={p}>
              <Checkbox
                checked={checked}
                disabled={!checked && full}
                onChange={() => store.toggleOptional(p.PresentationId)}
                aria-label={t('enrolment.chooseConcert')}
                data-testid={`optional-${p.PresentationId}`}
              />
            </Concert>
          );
        })}
      </Stack>
      {!store.choiceValid() ? (
        <Alert color="gray" data-testid="choice-count">
          {t('enrolment.chosenOf', { chosen: e.optional.length, n: m.optionalChoices })}
        </Alert>
      ) : null}
      <StepNav
        onBack={() => store.back('events')}
        onNext={() => void store.toSeats()}
        nextDisabled={!store.choiceValid()}
      />
    </Stack>
  );
}

function Concert({ p, children }: { p: EnrolmentPresentation; children: React.ReactNode }) {
  const locale = useLocale();
  return (
    <Card withBorder padding="xs" data-testid={`concert-${p.PresentationId}`}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="sm" fw={600}>
            {pickText(p.title, locale)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(p.startsAt, locale)} · {pickText(p.venue, locale)}
          </Text>
        </div>
        {children}
      </Group>
    </Card>
  );
}

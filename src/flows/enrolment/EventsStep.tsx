import { Alert, Badge, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { EnrolmentPresentation } from '../../api/contract/enrolment.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
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
            <Concert key={p.PresentationId} p={p} inputId={checkboxId(p)}>
              <Checkbox
                id={checkboxId(p)}
                checked={checked}
                disabled={!checked && full}
                onChange={() => store.toggleOptional(p.PresentationId)}
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

const checkboxId = (p: EnrolmentPresentation) => `optional-concert-${p.PresentationId}`;

/**
 * A concert's card. With `inputId` (an optional concert's checkbox) its title, date and venue are the
 * checkbox's label: each checkbox is named by its concert, and the whole line is a finger's target, not
 * the 20 px box alone (issue 35).
 */
function Concert({
  p,
  inputId,
  children,
}: {
  p: EnrolmentPresentation;
  inputId?: string;
  children: React.ReactNode;
}) {
  const locale = useLocale();
  const when = useShowTime();
  const info = (
    <>
      <Text component="span" display="block" size="sm" fw={600}>
        {pickText(p.title, locale)}
      </Text>
      <Text component="span" display="block" size="xs" c="dimmed">
        {when.dateTime(p.startsAt)} · {pickText(p.venue, locale)}
      </Text>
    </>
  );
  return (
    <Card withBorder padding="xs" data-testid={`concert-${p.PresentationId}`}>
      <Group justify="space-between" wrap="nowrap">
        {inputId ? (
          <label htmlFor={inputId} style={{ flex: 1, minHeight: 44, cursor: 'pointer' }}>
            {info}
          </label>
        ) : (
          <div>{info}</div>
        )}
        {children}
      </Group>
    </Card>
  );
}

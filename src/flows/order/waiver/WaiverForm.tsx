import {
  Alert,
  Card,
  Checkbox,
  Group,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../../api/endpoints.ts';
import type { WaiverProblem } from '../../../domain/waiver.ts';
import { pickText } from '../../../i18n/format.ts';
import { errorText } from '../../../ui/errorText.ts';
import { useAsync } from '../../../ui/useAsync.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import type { OrderSnapshot, OrderStore } from '../store.ts';
import { draftProblems, jumpersOf, type WaiverDraft, waiverEdits } from './draft.ts';
import { SignatureField } from './SignatureField.tsx';
import { agesText, jumperBorn } from './byAge.ts';

/** The message of a problem for the form field it belongs to ('adult.name', 'jumper.0.dateOfBirth', …). */
function messagesOf(t: TFunction, problems: readonly WaiverProblem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of problems) {
    const [field, text] = ((): [string, string] => {
      switch (p.code) {
        case 'waiver_adult_invalid':
          return [`adult.${p.field}`, t(`waiver.invalid.${p.field}`)];
        case 'waiver_adult_too_young':
          return ['adult.dateOfBirth', t('errors.waiver_adult_too_young', { minAge: p.minAge })];
        case 'waiver_jumper_invalid':
          return [`jumper.${p.index}.${p.field}`, t(`waiver.invalid.jumper_${p.field}`)];
        case 'waiver_age_mismatch':
          return [`jumper.${p.index}.dateOfBirth`, t('errors.waiver_age_mismatch', { ...p })];
        default:
          return [p.code, t(`errors.${p.code}`)];
      }
    })();
    out[field] ??= text;
  }
  return out;
}

/**
 * The liability waiver on the payment step (spec sections 2 and 5): the venue's text in the customer's
 * language, the signing adult, each jumper with the ticket type of their place, acceptance and the
 * signature. A jumper whose age the ticket does not suit is told so here, with the ticket's ages; the
 * box office refuses the same waiver with the same rule.
 */
export function WaiverForm({ store, s }: { store: OrderStore; s: OrderSnapshot }) {
  const draft = store.waiver!;
  const { t } = useTranslation();
  const locale = useLocale();
  const d = useSnapshot(draft);
  const c = useSnapshot(store.checkout.state);
  const p = store.presentation;
  const text = useAsync(() => api.presentationWaiver(p.id), String(p.id));
  useEffect(() => {
    if (text.status === 'done') waiverEdits.loaded(draft, text.data);
  }, [draft, text]);
  const { firstName, lastName } = c.customer;
  useEffect(() => {
    waiverEdits.suggestAdult(draft, [firstName, lastName].filter(Boolean).join(' '));
  }, [draft, firstName, lastName]);

  const seats = s.seats;
  const all = messagesOf(t, draftProblems(d as WaiverDraft, p, seats, s.groups as never));
  const shown = (field: string) => (c.submitted || d.touched[field] ? all[field] : undefined);
  const touch = (field: string) => () => waiverEdits.touch(draft, field);
  /** The ticket's name and ages ("Kids · ages 6 to 12"): a date of birth changes it to one that suits. */
  const ticketName = (id: number | null) => {
    const ticket = s.groups.flatMap((g) => g.tickets).find((x) => x.id === id);
    if (!ticket) return '';
    const ages = agesText(t, ticket);
    return ages ? `${pickText(ticket.name, locale)} · ${ages}` : pickText(ticket.name, locale);
  };

  if (text.status === 'loading') return <Skeleton height={320} radius="md" />;
  if (text.status === 'error')
    return (
      <Alert color="red" data-testid="waiver-error">
        {errorText(t, text.error)}
      </Alert>
    );
  const w = text.data;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="waiver-form">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4">
            {t('waiver.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('waiver.intro')}
          </Text>
        </div>
        <Card withBorder radius="sm" padding="sm" bg="var(--mantine-color-gray-0)">
          <Text fw={600} mb={4}>
            {pickText(w.title, locale)}
          </Text>
          <ScrollArea.Autosize mah={200} type="auto" data-testid="waiver-text">
            {pickText(w.text, locale)
              .split(/\n\s*\n/)
              .map((para, i) => (
                <Text key={i} size="sm" mb="xs">
                  {para}
                </Text>
              ))}
          </ScrollArea.Autosize>
        </Card>

        <Title order={3} fz="h5">
          {t('waiver.adult')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('waiver.adultName')}
            required
            value={d.adult.name}
            onChange={(e) => waiverEdits.adult(draft, 'name', e.currentTarget.value)}
            onBlur={touch('adult.name')}
            error={shown('adult.name')}
            data-testid="waiver-adult-name"
            autoComplete="name"
          />
          <TextInput
            label={t('waiver.idNumber')}
            required
            inputMode="numeric"
            value={d.adult.idNumber}
            onChange={(e) => waiverEdits.adult(draft, 'idNumber', e.currentTarget.value)}
            onBlur={touch('adult.idNumber')}
            error={shown('adult.idNumber')}
            data-testid="waiver-adult-id"
          />
          <TextInput
            type="date"
            label={t('waiver.dateOfBirth')}
            required
            value={d.adult.dateOfBirth}
            onChange={(e) => {
              waiverEdits.adult(draft, 'dateOfBirth', e.currentTarget.value);
              if (e.currentTarget.value) waiverEdits.touch(draft, 'adult.dateOfBirth');
            }}
            onBlur={touch('adult.dateOfBirth')}
            error={shown('adult.dateOfBirth')}
            data-testid="waiver-adult-dob"
          />
        </SimpleGrid>

        <Title order={3} fz="h5">
          {t('waiver.jumpers')}
        </Title>
        {jumpersOf(d, seats).map((j, i) => (
          <Stack key={i} gap={4} data-testid="waiver-jumper">
            <Group gap="xs">
              <Text fw={600} size="sm">
                {t('waiver.jumperN', { n: i + 1 })}
              </Text>
              <Text size="sm" c="dimmed" data-testid="waiver-jumper-ticket">
                {ticketName(j.ticketId)}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('waiver.childName')}
                required
                value={j.name}
                onChange={(e) => waiverEdits.jumper(draft, i, 'name', e.currentTarget.value)}
                onBlur={touch(`jumper.${i}.name`)}
                error={shown(`jumper.${i}.name`)}
                data-testid="waiver-jumper-name"
              />
              <TextInput
                type="date"
                label={t('waiver.dateOfBirth')}
                required
                value={j.dateOfBirth}
                onChange={(e) => jumperBorn(store, i, e.currentTarget.value)}
                onBlur={touch(`jumper.${i}.dateOfBirth`)}
                error={shown(`jumper.${i}.dateOfBirth`)}
                data-testid="waiver-jumper-dob"
              />
            </SimpleGrid>
          </Stack>
        ))}
        {shown('waiver_jumpers_mismatch') ? <Alert color="red">{all.waiver_jumpers_mismatch}</Alert> : null}

        <Checkbox
          label={t('waiver.accept')}
          checked={d.accepted}
          onChange={(e) => waiverEdits.accepted(draft, e.currentTarget.checked)}
          error={shown('waiver_not_accepted')}
          data-testid="waiver-accept"
        />
        <SignatureField
          value={d.signature}
          onChange={(png) => waiverEdits.signature(draft, png)}
          error={shown('waiver_not_signed')}
        />
      </Stack>
    </Card>
  );
}

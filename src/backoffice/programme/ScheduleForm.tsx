import {
  Alert,
  Button,
  Card,
  Checkbox,
  Chip,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleBody } from '../../api/contract/programmeAdmin.ts';
import { intlTag, venueToday } from '../../i18n/format.ts';
import { addDaysIso } from '../../domain/venue.ts';
import { isScheduleTime } from '../../domain/schedule.ts';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import type { AdminHall } from '../plans/api.ts';
import { useName } from '../venues/shared.tsx';
import { type Feature, programmeApi, type SchedulePreview } from './api.ts';
import { PreviewList } from './PreviewList.tsx';
import type { PriceList } from '../prices/api.ts';

interface Rule {
  weekdays: string[];
  times: string;
}

const EVERY_DAY = ['0', '1', '2', '3', '4', '5', '6'];

/** "16:45, 19:30 22:00" as times; null when one is not a time. */
function timesOf(text: string): string[] | null {
  const times = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((x) => (/^\d:\d\d$/.test(x) ? `0${x}` : x));
  return times.length > 0 && times.every(isScheduleTime) ? [...new Set(times)] : null;
}

/**
 * A schedule: a feature in one or more halls over a date range, at times per weekday ("every day at
 * 16:45, 19:30 and 22:00; Fridays also at 14:00"). Previewed as the list of shows it makes, each clash
 * named, before anything is created; created all at once, or not at all.
 */
export function ScheduleForm({
  features,
  halls,
  priceLists,
  onCreated,
}: {
  features: readonly Feature[];
  halls: readonly AdminHall[];
  /** The price lists shows may sell from (not another show's own). */
  priceLists: readonly PriceList[];
  /** How many shows were made, and the first hall they are in. */
  onCreated(count: number, hallId: number): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = useName();
  const today = venueToday();
  const [featureId, setFeatureId] = useState(features[0]?.id ?? 0);
  const [hallIds, setHallIds] = useState<number[]>([]);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDaysIso(today, 13));
  const [rules, setRules] = useState<Rule[]>([{ weekdays: EVERY_DAY, times: '' }]);
  const [gap, setGap] = useState<number | string>(15);
  const [priceListId, setPriceListId] = useState(priceLists[0]?.id ?? 1);
  const [standing, setStanding] = useState(false);
  const [noSingles, setNoSingles] = useState(false);
  const [preview, setPreview] = useState<{ body: string; answer: SchedulePreview } | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const { busy, error, run, setError } = useAction();
  const weekday = new Intl.DateTimeFormat(intlTag(locale), { weekday: 'short', timeZone: 'UTC' });
  // 2026-11-01 was a Sunday: day n of that week is weekday n.
  const dayName = (d: number) => weekday.format(new Date(Date.UTC(2026, 10, 1 + d)));

  function body(): ScheduleBody | null {
    const parsed = rules.map((r) => ({ weekdays: r.weekdays.map(Number), times: timesOf(r.times) }));
    if (!features.some((f) => f.id === featureId)) return fail('featureRequired');
    if (hallIds.length === 0) return fail('hallsRequired');
    if (!/^\d{4}-\d\d-\d\d$/.test(from) || !/^\d{4}-\d\d-\d\d$/.test(to) || from > to)
      return fail('datesInvalid');
    if (parsed.some((r) => r.weekdays.length === 0 || r.times === null)) return fail('rulesInvalid');
    setInvalid(null);
    return {
      featureId,
      hallIds,
      from,
      to,
      rules: parsed.map((r) => ({ weekdays: r.weekdays, times: r.times! })),
      cleaningGapMinutes: Number(gap) || 0,
      priceListId,
      reserved: !standing,
      seatingPolicyId: noSingles && !standing ? 3 : 1,
    };
  }
  function fail(key: string): null {
    setInvalid(t(`backoffice.programme.${key}`));
    return null;
  }

  const current = JSON.stringify([
    featureId,
    hallIds,
    from,
    to,
    rules,
    gap,
    priceListId,
    standing,
    noSingles,
  ]);
  const previewed = preview?.body === current ? preview.answer : null;

  const showPreview = () => {
    setError(null);
    const b = body();
    if (b) void run(async () => setPreview({ body: current, answer: await programmeApi.previewSchedule(b) }));
  };
  const create = () => {
    setError(null);
    const b = body();
    if (b)
      void run(async () => {
        const made = await programmeApi.createSchedule(b);
        setPreview(null);
        onCreated(made.presentations.length, b.hallIds[0]!);
      });
  };
  const setRule = (i: number, change: Partial<Rule>) =>
    setRules((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));

  return (
    <Card withBorder padding="md" data-testid="schedule-form">
      <Stack gap="md">
        <Title order={3} fz="h4">
          {t('backoffice.programme.scheduleTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('backoffice.programme.scheduleHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NativeSelect
            label={t('backoffice.programme.feature')}
            value={String(featureId)}
            onChange={(e) => setFeatureId(Number(e.currentTarget.value))}
            data={features.map((f) => ({ value: String(f.id), label: name(f.title) }))}
            styles={touchInput}
            data-testid="schedule-feature"
          />
          <TextInput
            type="date"
            label={t('backoffice.programme.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            styles={touchInput}
            data-testid="schedule-from"
          />
          <TextInput
            type="date"
            label={t('backoffice.programme.to')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            styles={touchInput}
            data-testid="schedule-to"
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('backoffice.programme.halls')}
          value={hallIds.map(String)}
          onChange={(v) => setHallIds(v.map(Number))}
        >
          <Group gap="md" mt={6}>
            {halls.map((h) => (
              <Checkbox
                key={h.id}
                value={String(h.id)}
                label={name(h.name)}
                styles={{ body: { minHeight: TOUCH_PX, alignItems: 'center' } }}
                data-testid={`schedule-hall-${h.id}`}
              />
            ))}
          </Group>
        </Checkbox.Group>
        {rules.map((r, i) => (
          <Card key={i} withBorder padding="sm" data-testid="schedule-rule">
            <Stack gap="xs">
              <Chip.Group multiple value={r.weekdays} onChange={(v) => setRule(i, { weekdays: v })}>
                <Group gap={6} role="group" aria-label={t('backoffice.programme.weekdays')}>
                  {EVERY_DAY.map((d) => (
                    <Chip key={d} value={d} size="md" data-testid={`schedule-day-${d}`}>
                      {dayName(Number(d))}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput
                  label={t('backoffice.programme.times')}
                  description={t('backoffice.programme.timesHint')}
                  value={r.times}
                  onChange={(e) => setRule(i, { times: e.currentTarget.value })}
                  styles={touchInput}
                  dir="ltr"
                  style={{ flex: 1, minWidth: 200 }}
                  data-testid="schedule-times"
                />
                {rules.length > 1 ? (
                  <Button
                    variant="subtle"
                    color="red"
                    mih={TOUCH_PX}
                    onClick={() => setRules((rs) => rs.filter((_, j) => j !== i))}
                  >
                    {t('backoffice.programme.removeRule')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Card>
        ))}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            variant="light"
            mih={TOUCH_PX}
            onClick={() => setRules((rs) => [...rs, { weekdays: [], times: '' }])}
            data-testid="schedule-add-rule"
          >
            {t('backoffice.programme.addRule')}
          </Button>
          <NativeSelect
            label={t('backoffice.programme.priceList')}
            value={String(priceListId)}
            onChange={(e) => setPriceListId(Number(e.currentTarget.value))}
            data={priceLists.map((l) => ({ value: String(l.id), label: name(l.name) }))}
            styles={touchInput}
            data-testid="schedule-price-list"
          />
          <Stack gap={0}>
            <Checkbox
              label={t('backoffice.programme.generalAdmission')}
              checked={standing}
              onChange={(e) => setStanding(e.currentTarget.checked)}
              styles={{ body: { minHeight: TOUCH_PX, alignItems: 'center' } }}
              data-testid="schedule-general-admission"
            />
            <Checkbox
              label={t('backoffice.programme.noSingleSeats')}
              checked={noSingles && !standing}
              disabled={standing}
              onChange={(e) => setNoSingles(e.currentTarget.checked)}
              styles={{ body: { minHeight: TOUCH_PX, alignItems: 'center' } }}
            />
          </Stack>
          <NumberInput
            label={t('backoffice.programme.cleaningGap')}
            value={gap}
            onChange={setGap}
            min={0}
            max={240}
            allowDecimal={false}
            styles={touchInput}
            w={200}
          />
        </Group>
        {invalid ? (
          <Alert color="orange" data-testid="schedule-invalid">
            {invalid}
          </Alert>
        ) : null}
        {error ? (
          <Alert color="red" data-testid="schedule-error">
            {errorText(t, error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            mih={TOUCH_PX}
            loading={busy}
            onClick={showPreview}
            data-testid="schedule-preview"
          >
            {t('backoffice.programme.preview')}
          </Button>
          <Button
            mih={TOUCH_PX}
            loading={busy}
            disabled={!previewed || previewed.clashes > 0 || previewed.shows.length === 0}
            onClick={create}
            data-testid="schedule-create"
          >
            {t('backoffice.programme.create', { count: previewed?.shows.length ?? 0 })}
          </Button>
        </Group>
        {previewed ? <PreviewList preview={previewed} halls={halls} /> : null}
      </Stack>
    </Card>
  );
}

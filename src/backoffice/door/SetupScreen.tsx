import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoorPresentation } from '../../api/contract/door.ts';
import { venueTimeZone } from '../../domain/format.ts';
import { addDaysIso, businessDate } from '../../domain/venue.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { doorApi } from './api.ts';
import { DirectionControl } from './DirectionControl.tsx';
import { PresentationChoice } from './PresentationChoice.tsx';
import type { SavedDoor } from './saved.ts';

const DAYS = ['-1', '0', '1'] as const;

/**
 * The door's setup, its first screen: the presentations it admits (today's, or a day either side), its
 * name, and in or out. Kept on the phone once chosen (saved.ts).
 */
export function SetupScreen({
  manager,
  initial,
  onDone,
  onCancel,
}: {
  manager: boolean;
  initial: SavedDoor | null;
  onDone(saved: SavedDoor): void;
  onCancel: (() => void) | null;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState<(typeof DAYS)[number]>('0');
  // The venue's business day when the screen opened: a setup made just after midnight keeps its evening.
  const [today] = useState(() => businessDate(Date.now(), venueTimeZone()));
  const date = addDaysIso(today, Number(day));
  const list = useAsync(() => doorApi.presentations(date), date);
  /** What the manager changed here (re-entry), over the list as loaded. */
  const [changed, setChanged] = useState<Map<number, DoorPresentation>>(new Map());
  const [chosen, setChosen] = useState<Map<number, DoorPresentation>>(
    () => new Map(initial?.presentations.map((p) => [p.id, p])),
  );
  const [door, setDoor] = useState(initial?.door ?? '');
  const [direction, setDirection] = useState<'in' | 'out'>(initial?.direction ?? 'in');
  const suggestions = t('door.setup.suggestions')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ready = chosen.size > 0 && door.trim() !== '';

  const toggle = (p: DoorPresentation) =>
    setChosen((before) => {
      const next = new Map(before);
      if (next.has(p.id)) next.delete(p.id);
      else next.set(p.id, p);
      return next;
    });
  const update = (p: DoorPresentation) => {
    setChanged((before) => new Map(before).set(p.id, p));
    setChosen((before) => (before.has(p.id) ? new Map(before).set(p.id, p) : before));
  };

  return (
    <Stack gap="md" data-testid="door-setup">
      <Title order={2} fz="h3">
        {t('door.setup.title')}
      </Title>
      <Stack gap="xs">
        <Text fw={600} id="door-day-label">
          {t('door.setup.presentations')}
        </Text>
        <SegmentedControl
          fullWidth
          value={day}
          onChange={(v) => setDay(v as (typeof DAYS)[number])}
          aria-labelledby="door-day-label"
          data-testid="door-day"
          styles={{
            label: { minHeight: TOUCH_PX, display: 'flex', alignItems: 'center', justifyContent: 'center' },
          }}
          data={DAYS.map((d) => ({
            value: d,
            label: t(`door.setup.day.${d === '-1' ? 'yesterday' : d === '0' ? 'today' : 'tomorrow'}`),
          }))}
        />
        {list.status === 'loading' ? (
          <Skeleton height={96} radius="md" aria-busy="true" />
        ) : list.status === 'error' ? (
          <Alert color="red">{errorText(t, list.error)}</Alert>
        ) : list.data.presentations.length === 0 ? (
          <Text c="dimmed" data-testid="door-no-presentations">
            {t('door.setup.none')}
          </Text>
        ) : (
          list.data.presentations.map((loaded) => {
            const p = changed.get(loaded.id) ?? loaded;
            return (
              <PresentationChoice
                key={p.id}
                presentation={p}
                checked={chosen.has(p.id)}
                onToggle={() => toggle(p)}
                manager={manager}
                onChanged={update}
              />
            );
          })
        )}
      </Stack>
      <Stack gap="xs">
        <TextInput
          label={t('door.setup.door')}
          description={t('door.setup.doorHint')}
          value={door}
          maxLength={40}
          onChange={(e) => setDoor(e.currentTarget.value)}
          styles={touchInput}
          data-testid="door-name"
        />
        <Group gap="xs">
          {suggestions.map((s) => (
            <Button
              key={s}
              variant={door === s ? 'filled' : 'light'}
              mih={TOUCH_PX}
              onClick={() => setDoor(s)}
              data-testid="door-name-suggestion"
            >
              {s}
            </Button>
          ))}
        </Group>
      </Stack>
      <DirectionControl value={direction} onChange={setDirection} />
      {/* In reach of the thumb however long the day's list is. */}
      <Group
        grow
        pos="sticky"
        bottom={0}
        py="xs"
        bg="gray.0"
        style={{ zIndex: 10, borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        {onCancel ? (
          <Button variant="default" size="lg" mih={TOUCH_PX} onClick={onCancel}>
            {t('door.setup.back')}
          </Button>
        ) : null}
        <Button
          size="lg"
          mih={TOUCH_PX}
          disabled={!ready}
          data-testid="door-start"
          onClick={() => onDone({ presentations: [...chosen.values()], door: door.trim(), direction })}
        >
          {t('door.setup.start')}
        </Button>
      </Group>
    </Stack>
  );
}

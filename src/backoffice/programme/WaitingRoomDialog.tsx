import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Answer, apiCall } from '../../api/client.ts';
import type {
  AdminWaitingRoomSchema,
  WaitingRoomMode,
  WaitingRoomSettings,
} from '../../api/contract/waitingRoom.ts';
import { isScheduleTime, wallInstant } from '../../domain/schedule.ts';
import { calendarDate, wallTime } from '../../domain/venue.ts';
import { formatShortDateTime, venueTimeZone } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { errorText } from '../../ui/errorText.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { useName } from '../venues/shared.tsx';
import type { AdminPresentation } from './api.ts';

type AdminWaitingRoom = Answer<typeof AdminWaitingRoomSchema>;
type Live = NonNullable<AdminWaitingRoom['room']>['live'];

const waitingRoomApi = {
  get: (id: number, signal?: AbortSignal) =>
    apiCall<AdminWaitingRoom>(`/admin/presentations/${id}/waiting-room`, { signal }),
  save: (id: number, body: WaitingRoomSettings) =>
    apiCall<AdminWaitingRoom>(`/admin/presentations/${id}/waiting-room`, { method: 'PUT', body }),
};

/** How often the dialog shows the room's figures again while open. */
const LIVE_MS = 2_000;

/**
 * A show's waiting room (issue 40): staff switch it on for an on-sale (or leave it to come on by itself
 * when too many buyers hold seats), set when the sale opens and how many are let in a minute (or a
 * latency to keep), and watch it live: how many wait, how many are in, the measured rate.
 */
export function WaitingRoomDialog({ show, onClose }: { show: AdminPresentation | null; onClose(): void }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const name = useName();
  return (
    <Modal
      opened={show !== null}
      onClose={onClose}
      title={show ? t('backoffice.waitingRoom.title', { title: name(show.title) }) : ''}
      centered
      fullScreen={phone}
    >
      {show ? <WaitingRoomForm key={show.id} show={show} onClose={onClose} /> : null}
    </Modal>
  );
}

function WaitingRoomForm({ show, onClose }: { show: AdminPresentation; onClose(): void }) {
  const [room, setRoom] = useState<AdminWaitingRoom | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    const ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        setRoom(await waitingRoomApi.get(show.id, ctl.signal));
        setFailed(null);
      } catch (err) {
        if (!ctl.signal.aborted) setFailed(err);
      }
      if (!ctl.signal.aborted) timer = setTimeout(() => void load(), LIVE_MS);
    };
    void load();
    return () => {
      ctl.abort();
      clearTimeout(timer);
    };
  }, [show.id]);
  const { t } = useTranslation();
  if (!room) return failed ? <Alert color="red">{errorText(t, failed)}</Alert> : <Skeleton height={240} />;
  return (
    <Stack gap="md">
      {room.room ? <LiveFigures live={room.room.live} mode={room.room.mode} /> : null}
      <SettingsForm
        show={show}
        initial={room.room ?? room.defaults}
        together={room.together}
        roomId={room.room?.id ?? null}
        isNew={room.room === null}
        onSaved={setRoom}
        onClose={onClose}
      />
    </Stack>
  );
}

function LiveFigures({ live, mode }: { live: Live; mode: WaitingRoomMode }) {
  const { t } = useTranslation();
  const figure = (label: string, value: string | number, testId: string) => (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
  const clears =
    live.clearsInSeconds === null
      ? '—'
      : t('backoffice.waitingRoom.minutes', { count: Math.ceil(live.clearsInSeconds / 60) });
  return (
    <Stack gap="xs" data-testid="waiting-room-live" aria-live="polite">
      <Group gap="xs">
        <Badge color={live.active ? 'violet' : 'gray'} variant="light" data-testid="waiting-room-state">
          {live.active ? t('backoffice.waitingRoom.inForce') : t('backoffice.waitingRoom.notInForce')}
        </Badge>
        {mode !== 'off' && !live.drawn ? (
          <Badge color="blue" variant="light">
            {t('backoffice.waitingRoom.beforeOpening')}
          </Badge>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {figure(t('backoffice.waitingRoom.waiting'), live.waiting, 'waiting-room-waiting')}
        {figure(t('backoffice.waitingRoom.admitted'), live.admitted, 'waiting-room-admitted')}
        {figure(t('backoffice.waitingRoom.rateNow'), live.ratePerMinute, 'waiting-room-rate')}
        {figure(t('backoffice.waitingRoom.measured'), live.measuredPerMinute, 'waiting-room-measured')}
        {figure(t('backoffice.waitingRoom.clears'), clears, 'waiting-room-clears')}
        {figure(
          t('backoffice.waitingRoom.latency'),
          live.latencyMs === null ? '—' : `${live.latencyMs} ms`,
          'waiting-room-latency',
        )}
      </SimpleGrid>
      {mode === 'auto' ? (
        <Text size="sm" c="dimmed">
          {t('backoffice.waitingRoom.buyersNow', { count: live.buyers })}
        </Text>
      ) : null}
    </Stack>
  );
}

function SettingsForm({
  show,
  initial,
  together,
  roomId,
  isNew,
  onSaved,
  onClose,
}: {
  show: AdminPresentation;
  initial: WaitingRoomSettings & { presentationIds?: number[] };
  together: AdminWaitingRoom['together'];
  roomId: string | null;
  isNew: boolean;
  onSaved(room: AdminWaitingRoom): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const zone = venueTimeZone();
  const wall = (iso: string) => `${calendarDate(Date.parse(iso), zone)}T${wallTime(Date.parse(iso), zone)}`;
  const [mode, setMode] = useState<WaitingRoomMode>(initial.mode);
  const [opens, setOpens] = useState(wall(initial.opensAt));
  const [rate, setRate] = useState<number | string>(initial.admitPerMinute);
  const [target, setTarget] = useState<number | string>(initial.targetMs ?? '');
  const [buyers, setBuyers] = useState<number | string>(initial.autoBuyers ?? '');
  const [pass, setPass] = useState<number | string>(initial.passMinutes);
  const [alsoFor, setAlsoFor] = useState<string[]>(
    (initial.presentationIds ?? []).filter((id) => id !== show.id).map(String),
  );
  const locale = useLocale();
  const name = useName();
  const [invalid, setInvalid] = useState(false);
  const { busy, error, run } = useAction();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const [date = '', hm = ''] = opens.split('T');
    const opensAt =
      /^\d{4}-\d{2}-\d{2}$/.test(date) && isScheduleTime(hm) ? wallInstant(date, hm, zone) : null;
    const whole = (v: number | string) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
    const body = {
      mode,
      opensAt: opensAt === null ? '' : new Date(opensAt).toISOString(),
      admitPerMinute: whole(rate),
      targetMs: target === '' ? null : whole(target),
      autoBuyers: buyers === '' ? null : whole(buyers),
      passMinutes: whole(pass),
      alsoFor: alsoFor.map(Number),
    };
    const ok =
      opensAt !== null &&
      body.admitPerMinute !== null &&
      body.passMinutes !== null &&
      (target === '' || body.targetMs !== null) &&
      (mode !== 'auto' ? buyers === '' || body.autoBuyers !== null : body.autoBuyers !== null);
    setInvalid(!ok);
    if (!ok) return;
    const saved = await run(() => waitingRoomApi.save(show.id, body as WaitingRoomSettings));
    if (saved) onSaved(saved);
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="waiting-room-form" noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('backoffice.waitingRoom.about')}</Text>
        <NativeSelect
          label={t('backoffice.waitingRoom.mode')}
          value={mode}
          onChange={(e) => setMode(e.currentTarget.value as WaitingRoomMode)}
          data={(['on', 'auto', 'off'] as const).map((m) => ({
            value: m,
            label: t(`backoffice.waitingRoom.modes.${m}`),
          }))}
          styles={touchInput}
          data-testid="waiting-room-mode"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label={t('backoffice.waitingRoom.opensAt')}
            description={t('backoffice.waitingRoom.opensAtHint')}
            value={opens}
            onChange={(e) => setOpens(e.currentTarget.value)}
            styles={touchInput}
            data-testid="waiting-room-opens"
          />
          <NumberInput
            label={t('backoffice.waitingRoom.admitPerMinute')}
            value={rate}
            onChange={setRate}
            min={1}
            allowDecimal={false}
            styles={touchInput}
            data-testid="waiting-room-rate-input"
          />
          <NumberInput
            label={t('backoffice.waitingRoom.targetMs')}
            description={t('backoffice.waitingRoom.targetMsHint')}
            value={target}
            onChange={setTarget}
            min={50}
            allowDecimal={false}
            styles={touchInput}
          />
          <NumberInput
            label={t('backoffice.waitingRoom.autoBuyers')}
            description={t('backoffice.waitingRoom.autoBuyersHint')}
            value={buyers}
            onChange={setBuyers}
            min={1}
            allowDecimal={false}
            styles={touchInput}
          />
          <NumberInput
            label={t('backoffice.waitingRoom.passMinutes')}
            value={pass}
            onChange={setPass}
            min={1}
            max={240}
            allowDecimal={false}
            styles={touchInput}
          />
        </SimpleGrid>
        {together.length > 0 ? (
          <MultiSelect
            label={t('backoffice.waitingRoom.alsoFor')}
            description={t('backoffice.waitingRoom.alsoForHint')}
            value={alsoFor}
            onChange={setAlsoFor}
            searchable
            data={together.map((p) => ({
              value: String(p.id),
              label: `${name(p.title)} · ${name(p.hallName)} · ${formatShortDateTime(p.startsAt, locale)}${
                p.roomId !== null && p.roomId !== roomId ? ` (${t('backoffice.waitingRoom.otherRoom')})` : ''
              }`,
            }))}
            styles={touchInput}
            data-testid="waiting-room-also-for"
          />
        ) : null}
        {invalid ? <Alert color="orange">{t('backoffice.waitingRoom.invalid')}</Alert> : null}
        {error ? (
          <Alert color="red" data-testid="waiting-room-error">
            {errorText(t, error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={TOUCH_PX} onClick={onClose}>
            {t('backoffice.common.done')}
          </Button>
          <Button type="submit" mih={TOUCH_PX} loading={busy} data-testid="waiting-room-save">
            {isNew ? t('backoffice.waitingRoom.create') : t('backoffice.waitingRoom.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

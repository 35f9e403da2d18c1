import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PresentationUpdate } from '../../api/contract/programmeAdmin.ts';
import { isScheduleTime, showInstant, wallInstant } from '../../domain/schedule.ts';
import { calendarDate, wallTime } from '../../domain/venue.ts';
import { venueTimeZone } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { useLoaded, useName } from '../venues/shared.tsx';
import { type AdminPresentation, programmeApi } from './api.ts';
import type { PriceList } from '../prices/api.ts';
import { capacityValid, seatingChange, seatingDraftOf, ShowSeatingFields } from './ShowSeating.tsx';
import { saleChange, saleDraftOf, saleValid, ShowSaleFields } from './ShowSale.tsx';
import { OwnPrices } from './OwnPrices.tsx';

/**
 * Changes one show: its day and time (a move: its buyers are told, their e-tickets show the new time),
 * whether the site sells it or only the box office, its price list, and its seating (a general-admission
 * capacity, a numbered show's plan version). The box office checks the hall is free and the seats taken.
 */
export function ShowDialog({
  show,
  priceLists,
  onClose,
  onSaved,
}: {
  show: AdminPresentation | null;
  priceLists: readonly PriceList[];
  onClose(): void;
  onSaved(p: AdminPresentation, moved: boolean): void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const name = useName();
  return (
    <Modal
      opened={show !== null}
      onClose={onClose}
      title={show ? t('backoffice.programme.changeShow', { title: name(show.title) }) : ''}
      centered
      fullScreen={phone}
    >
      {show ? (
        <ShowForm
          key={show.id}
          show={show}
          // Lists any show may use, and this show's own.
          priceLists={priceLists.filter((l) => l.presentationId === null || l.presentationId === show.id)}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

function ShowForm({
  show,
  priceLists,
  onClose,
  onSaved,
}: {
  show: AdminPresentation;
  priceLists: readonly PriceList[];
  onClose(): void;
  onSaved(p: AdminPresentation, moved: boolean): void;
}) {
  const { t } = useTranslation();
  const zone = venueTimeZone();
  const startsAt = Date.parse(show.startsAt);
  const [day, setDay] = useState(show.businessDate);
  const [time, setTime] = useState(wallTime(startsAt, zone));
  const [online, setOnline] = useState(show.onlineSale);
  const [priceListId, setPriceListId] = useState(show.priceListId);
  // The sale window on the venue's clocks, as a datetime-local field shows it (YYYY-MM-DDTHH:MM).
  const wall = (iso: string) => `${calendarDate(Date.parse(iso), zone)}T${wallTime(Date.parse(iso), zone)}`;
  const [saleOpens, setSaleOpens] = useState(wall(show.saleStart));
  const [saleCloses, setSaleCloses] = useState(wall(show.saleEnd));
  const name = useName();
  const [invalid, setInvalid] = useState(false);
  const [seating, setSeating] = useState(() => seatingDraftOf(show));
  const [capacityInvalid, setCapacityInvalid] = useState(false);
  const [sale, setSale] = useState(() => saleDraftOf(show));
  const options = useLoaded((signal) => programmeApi.saleOptions(signal), 'sale-options');
  const { busy, error, run } = useAction();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const instantOf = (v: string) => {
      const [date = '', hm = ''] = v.split('T');
      return /^\d{4}-\d{2}-\d{2}$/.test(date) && isScheduleTime(hm) ? wallInstant(date, hm, zone) : null;
    };
    const opens = instantOf(saleOpens);
    const closes = instantOf(saleCloses);
    const ok = /^\d{4}-\d{2}-\d{2}$/.test(day) && isScheduleTime(time) && opens !== null && closes !== null;
    setInvalid(!ok || !saleValid(sale));
    setCapacityInvalid(!capacityValid(seating));
    if (!ok || !saleValid(sale) || !capacityValid(seating)) return;
    const at = showInstant(day, time, zone);
    const change: PresentationUpdate = { ...seatingChange(show, seating), ...saleChange(show, sale) };
    if (at !== startsAt) change.startsAt = new Date(at).toISOString();
    if (online !== show.onlineSale) change.onlineSale = online;
    if (priceListId !== show.priceListId) change.priceListId = priceListId;
    // A window left as it was is not sent: a move carries the sale's close with the show.
    if (saleOpens !== wall(show.saleStart)) change.saleStart = new Date(opens!).toISOString();
    if (saleCloses !== wall(show.saleEnd)) change.saleEnd = new Date(closes!).toISOString();
    if (Object.keys(change).length === 0) return onClose();
    await run(async () => {
      const saved = await programmeApi.updatePresentation(show.id, change);
      onSaved(saved, change.startsAt !== undefined);
    });
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="show-form" noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="date"
            label={t('backoffice.programme.day')}
            name="show-day"
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
            styles={touchInput}
          />
          <TextInput
            label={t('backoffice.programme.time')}
            description={t('backoffice.programme.timeHint')}
            name="show-time"
            inputMode="numeric"
            placeholder="19:30"
            value={time}
            onChange={(e) => setTime(e.currentTarget.value.trim())}
            styles={touchInput}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label={t('backoffice.programme.saleOpens')}
            name="sale-opens"
            value={saleOpens}
            onChange={(e) => setSaleOpens(e.currentTarget.value)}
            styles={touchInput}
          />
          <TextInput
            type="datetime-local"
            label={t('backoffice.programme.saleCloses')}
            description={t('backoffice.programme.saleClosesHint')}
            name="sale-closes"
            value={saleCloses}
            onChange={(e) => setSaleCloses(e.currentTarget.value)}
            styles={touchInput}
          />
        </SimpleGrid>
        {show.sold > 0 ? (
          <Text size="sm" c="dimmed">
            {t('backoffice.programme.moveTells', { count: show.sold })}
          </Text>
        ) : null}
        <NativeSelect
          label={t('backoffice.programme.priceList')}
          description={t('backoffice.programme.priceListHint')}
          value={String(priceListId)}
          onChange={(e) => setPriceListId(Number(e.currentTarget.value))}
          data={priceLists.map((l) => ({ value: String(l.id), label: name(l.name) }))}
          styles={touchInput}
          data-testid="show-price-list"
        />
        <OwnPrices show={show} priceLists={priceLists} />
        <ShowSeatingFields show={show} draft={seating} invalid={capacityInvalid} onChange={setSeating} />
        <ShowSaleFields show={show} draft={sale} options={options.data ?? undefined} onChange={setSale} />
        <Checkbox
          label={t('backoffice.programme.onlineSale')}
          checked={online}
          onChange={(e) => setOnline(e.currentTarget.checked)}
          data-testid="show-online"
          styles={{ body: { minHeight: TOUCH_PX, alignItems: 'center' } }}
        />
        {invalid ? <Alert color="orange">{t('backoffice.programme.dayTimeInvalid')}</Alert> : null}
        {error ? (
          <Alert color="red" data-testid="show-error">
            {errorText(t, error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={TOUCH_PX} onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button type="submit" mih={TOUCH_PX} loading={busy} data-testid="show-save">
            {t('backoffice.programme.saveShow')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

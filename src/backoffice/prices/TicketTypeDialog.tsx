import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../api/contract/common.ts';
import { currencySymbol } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { NamesFields } from '../venues/HallNameDialog.tsx';
import { trimmedNames, useName } from '../venues/shared.tsx';
import { pricesApi, type TicketType } from './api.ts';
import { type AudienceDraft, AudienceFields, audienceOf, EVERYONE } from './AudienceFields.tsx';

/** Where a new ticket type goes: a price level of a list, beside the level's other types. */
export interface NewTicketTypeAsk {
  listId: number;
  level: { id: number; name: LocalizedText; tickets: TicketType[] };
}

/**
 * A new ticket type of a price level (a student ticket, a child beside an adult, a family ticket of
 * four seats): its name in each language, price and fee, the most a customer takes, how many each show
 * sells, and the ticket it is sold only beside. It is on sale at once on every show of the list.
 */
export function TicketTypeDialog({
  ask,
  onClose,
  onAdded,
}: {
  ask: NewTicketTypeAsk | null;
  onClose(): void;
  onAdded(t: TicketType): void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  return (
    <Modal
      opened={ask !== null}
      onClose={onClose}
      title={t('backoffice.prices.addTicketType')}
      centered
      fullScreen={phone}
      size="lg"
    >
      {ask ? (
        <TicketTypeForm key={`${ask.listId}-${ask.level.id}`} ask={ask} onClose={onClose} onAdded={onAdded} />
      ) : null}
    </Modal>
  );
}

type Num = number | string;
const whole = (v: Num) => (v === '' ? null : Math.round(Number(v)));

function TicketTypeForm({
  ask,
  onClose,
  onAdded,
}: {
  ask: NewTicketTypeAsk;
  onClose(): void;
  onAdded(t: TicketType): void;
}) {
  const { t } = useTranslation();
  const name = useName();
  const [names, setNames] = useState<LocalizedText>({});
  const [price, setPrice] = useState<Num>('');
  const [fee, setFee] = useState<Num>(0);
  const [most, setMost] = useState<Num>('');
  const [quota, setQuota] = useState<Num>('');
  const [seats, setSeats] = useState<Num>(1);
  const [requires, setRequires] = useState('');
  const [audience, setAudience] = useState<AudienceDraft>(EVERYONE);
  const [missing, setMissing] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const money = {
    min: 0,
    decimalScale: 2,
    fixedDecimalScale: true,
    prefix: `${currencySymbol()} `,
    hideControls: true,
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const n = trimmedNames(names);
    const who = audienceOf(audience);
    const missed =
      Object.keys(n).length === 0
        ? 'nameRequired'
        : price === ''
          ? 'priceRequired'
          : who === null
            ? 'audienceRequired'
            : null;
    setMissing(missed);
    if (missed) return;
    await run(async () => {
      const added = await pricesApi.addTicketType(ask.listId, {
        ticketGroupId: ask.level.id,
        name: n,
        price: Math.round(Number(price) * 100),
        serviceCharge: Math.round(Number(fee || 0) * 100),
        maxQuantity: whole(most),
        quota: whole(quota),
        multiplyFactor: whole(seats) ?? 1,
        requiredTicketId: requires === '' ? null : Number(requires),
        audience: who!,
      });
      onAdded(added);
      onClose();
    });
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="ticket-type-form" noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('backoffice.prices.addTicketTypeHint', { level: name(ask.level.name) })}
        </Text>
        <NamesFields names={names} onChange={setNames} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t('backoffice.prices.price')}
            value={price}
            onChange={setPrice}
            {...money}
            styles={touchInput}
            data-testid="ticket-type-price"
          />
          <NumberInput
            label={t('backoffice.prices.serviceCharge')}
            value={fee}
            onChange={setFee}
            {...money}
            styles={touchInput}
          />
          <NumberInput
            label={t('backoffice.prices.maxQuantity')}
            description={t('backoffice.prices.noLimitHint')}
            value={most}
            onChange={setMost}
            min={1}
            max={100}
            allowDecimal={false}
            styles={touchInput}
          />
          <NumberInput
            label={t('backoffice.prices.quota')}
            description={t('backoffice.prices.noLimitHint')}
            value={quota}
            onChange={setQuota}
            min={1}
            allowDecimal={false}
            styles={touchInput}
            data-testid="ticket-type-quota"
          />
          <NumberInput
            label={t('backoffice.prices.seatsPerTicket')}
            value={seats}
            onChange={setSeats}
            min={1}
            max={20}
            allowDecimal={false}
            styles={touchInput}
          />
          <NativeSelect
            label={t('backoffice.prices.requires')}
            value={requires}
            onChange={(e) => setRequires(e.currentTarget.value)}
            data={[
              { value: '', label: t('backoffice.prices.requiresNone') },
              ...ask.level.tickets
                .filter((x) => x.kind === 'regular')
                .map((x) => ({ value: String(x.id), label: name(x.name) })),
            ]}
            styles={touchInput}
            data-testid="ticket-type-requires"
          />
          <AudienceFields draft={audience} onChange={setAudience} />
        </SimpleGrid>
        {missing ? <Alert color="orange">{t(`backoffice.prices.${missing}`)}</Alert> : null}
        {error ? <Alert color="red">{errorText(t, error)}</Alert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={TOUCH_PX} onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button type="submit" mih={TOUCH_PX} loading={busy} data-testid="ticket-type-save">
            {t('backoffice.prices.addTicketType')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

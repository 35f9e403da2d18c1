import {
  ActionIcon,
  Alert,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { TicketProblem } from '../../domain/order/tickets.ts';
import { checkTickets, ruleGroupsOf } from '../../domain/order/tickets.ts';
import { allInPrice } from '../../domain/order/fees.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { api } from '../../api/endpoints.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { touchInput } from '../ui/touch.ts';
import { ticketChoices, ticketIdOf } from './sale.ts';
import { chooseTicket, counter, type CounterState, seatsReleased, setQuantity } from './saleStore.ts';
import { lockOf } from './seatCalls.ts';

/**
 * What the sale holds (issue 36): each seat with its ticket type (its price level's default first,
 * changed with the keyboard in its list), the presentation's products with their quantities, and what
 * the ticket rules say of the choice. The total is the payment panel's. An exchange (`products`
 * false) moves tickets only.
 */
export function SaleLines({ products = true }: { products?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { presentation: p, groups, seats, quantities } = useSnapshot(counter) as CounterState;
  if (!p) return null;
  const charge = p.serviceCharge.amount;
  const money = (n: number) => formatPrice(n, locale);
  const tickets = new Map(groups.flatMap((g) => g.tickets.map((k) => [k.id, k] as const)));
  const problems = checkTickets(
    ruleGroupsOf(groups),
    seats.map((s) => ({ key: s.key, ticketGroupId: s.ticketGroup, ticketId: ticketIdOf(s, groups) ?? 0 })),
  );
  const nameOf = (id: number) => {
    const k = tickets.get(id);
    return k ? pickText(k.name, locale) : '';
  };
  const release = async (key: string) => {
    const s = counter.seats.find((x) => x.key === key);
    if (!s) return;
    await api.unlockSeat(lockOf(p, s)).catch(() => undefined);
    seatsReleased([key]);
  };

  return (
    <Stack gap="sm" data-testid="counter-lines">
      <Title order={3} fz="h5">
        {t('backoffice.counter.seats', { count: seats.length })}
      </Title>
      {seats.length === 0 ? <Text c="dimmed">{t('backoffice.counter.noSeats')}</Text> : null}
      {seats.map((s) => (
        <Group key={s.key} gap="xs" wrap="nowrap" data-testid="counter-seat-line" data-seat={s.key}>
          <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
            {p.isReserved
              ? t('backoffice.counter.seatPlace', { section: s.section, row: s.row, seat: s.seat })
              : s.section}
          </Text>
          <NativeSelect
            aria-label={t('backoffice.counter.ticketType')}
            value={String(ticketIdOf(s, groups) ?? '')}
            onChange={(e) => chooseTicket(s.key, Number(e.currentTarget.value))}
            data={ticketChoices(s, groups).map((k) => ({
              value: String(k.id),
              label: `${pickText(k.name, locale)} · ${money(allInPrice(k, charge).total)}`,
            }))}
            styles={touchInput}
            w={220}
            data-testid="counter-ticket-type"
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            aria-label={t('backoffice.counter.releaseSeat')}
            onClick={() => void release(s.key)}
            data-testid="counter-seat-release"
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {problems.length ? (
        <Alert color="orange" data-testid="counter-ticket-problems">
          {problems.map((x) => (
            <Text key={`${x.code}-${'ticketId' in x ? x.ticketId : x.key}`} size="sm">
              {problemText(t, x, nameOf)}
            </Text>
          ))}
        </Alert>
      ) : null}
      {products && p.products.length ? (
        <Table verticalSpacing={4} data-testid="counter-products">
          <Table.Tbody>
            {p.products.map((pr) => (
              <Table.Tr key={pr.id}>
                <Table.Td>{pickText(pr.name, locale)}</Table.Td>
                <Table.Td>{money(pr.price)}</Table.Td>
                <Table.Td w={110}>
                  <NumberInput
                    aria-label={t('backoffice.counter.quantityOf', { product: pickText(pr.name, locale) })}
                    value={quantities[pr.id] ?? 0}
                    onChange={(v) =>
                      setQuantity(pr.id, Math.max(0, Math.min(20, Math.trunc(Number(v) || 0))))
                    }
                    min={0}
                    max={20}
                    allowDecimal={false}
                    styles={touchInput}
                    data-testid="counter-product-quantity"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}

/** A ticket rule's refusal, in the catalogue's words. */
function problemText(t: TFunction, x: TicketProblem, nameOf: (id: number) => string): string {
  switch (x.code) {
    case 'ticket_min_quantity':
      return t('errors.ticket_min_quantity', { ticket: nameOf(x.ticketId), min: x.min });
    case 'ticket_max_quantity':
      return t('errors.ticket_max_quantity', { ticket: nameOf(x.ticketId), max: x.max });
    case 'ticket_required_combination':
      return t('errors.ticket_required_combination', {
        ticket: nameOf(x.ticketId),
        required: nameOf(x.requiredTicketId),
        min: x.min,
      });
    case 'ticket_sold_out':
      return t('errors.ticket_sold_out', { ticket: nameOf(x.ticketId) });
    case 'multiply_factor_mismatch':
      return t('errors.multiply_factor_mismatch', { ticket: nameOf(x.ticketId), seats: x.seats });
    default:
      return t(`errors.${x.code}`);
  }
}

import { Alert, Card, Checkbox, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketGroup } from '../../api/contract/presentations.ts';
import type { TicketCodeResult } from '../../api/contract/vouchers.ts';
import { choosableTickets, checkTickets, ruleGroupsOf, seatAddons } from '../../domain/order/tickets.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { HeldSeat } from './model.ts';
import { seatLabel } from '../../ui/seatLabel.ts';
import { ticketProblemText } from './ticketRules.ts';
import { RefPrompts } from './RefPrompts.tsx';
import { agesText } from './waiver/byAge.ts';
import { memberChoiceValue, parseMemberChoice } from './memberTickets.ts';
import {
  choiceValue,
  codeTicketOf,
  parseChoice,
  type RefKey,
  type SeatCodeProblem,
  seatCodeChoices,
  shownCode,
} from './ticketCodes.ts';

interface Props {
  /** The ticket groups with the tickets the applied codes unlock. */
  groups: TicketGroup[];
  seats: HeldSeat[];
  codes: TicketCodeResult[];
  codeProblems: SeatCodeProblem[];
  /** A seat's ticket, with the code it comes through (null: a ticket of its group). */
  onChoose: (key: string, ticketId: number, code: string | null) => void;
  onRef: (key: string, ref: RefKey, value: string) => void;
  /** The add-ons now ticked for a seat. */
  onAddons: (key: string, addons: number[]) => void;
  isReserved: boolean;
  /** Member tickets (issue 16): a seat's choices as one of the customer's members, and their ids. */
  memberOptions?: (seat: HeldSeat) => { value: string; label: string; disabled: boolean }[];
  memberTicketIds?: ReadonlySet<number>;
  onChooseMember?: (key: string, ticketId: number, memberNumber: string) => void;
  /** Asked of each place before its ticket (a session with a waiver: the jumper's date of birth). */
  jumper?: (seat: HeldSeat, index: number) => ReactNode;
}

/**
 * Step 2: a ticket type per seat, with the default ticket chosen and every rule explained; beneath a
 * ticket that carries add-ons (3D glasses), one box per add-on with its price, the first ticked when the
 * ticket pre-selects it. Add-ons are optional: a customer who brings their own glasses unticks them.
 */
export function TicketStep(props: Props) {
  const { groups, seats, codes, codeProblems, onChoose, onRef, onAddons, isReserved } = props;
  const { memberOptions, memberTicketIds, onChooseMember } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const rules = ruleGroupsOf(groups);
  const problems = checkTickets(
    rules,
    seats
      .filter((s) => s.ticketId !== null)
      .map((s) => ({ key: s.key, ticketGroupId: s.ticketGroup, ticketId: s.ticketId! })),
  );
  // A code's seats past its uses (refused by the box office); references show at their fields.
  const overUsed = codeProblems.filter((x) => x.problem === 'voucherBalance');
  const seatOf = (key: string) => {
    const seat = seats.find((x) => x.key === key);
    return seat ? seatLabel(t, seat, isReserved) : key;
  };
  /** The add-on boxes of a seat's ticket, ticked as the seat takes them. */
  const addonBoxes = (s: HeldSeat) => {
    const rule = rules.find((g) => g.id === s.ticketGroup)?.tickets.find((x) => x.id === s.ticketId);
    const ticket = groups.find((g) => g.id === s.ticketGroup)?.tickets.find((x) => x.id === s.ticketId);
    const offered = ticket?.addons ?? [];
    if (offered.length === 0) return null;
    const ticked = seatAddons(rule, s.addons);
    return (
      <Stack gap={4} mt={6}>
        {offered.map((a) => {
          const name = pickText(a.name, locale);
          return (
            <Checkbox
              key={a.id}
              size="xs"
              wrapperProps={{ 'data-testid': 'ticket-addon' }}
              label={`${name} · ${formatPrice(a.price, locale)}`}
              aria-label={t('order.addonFor', {
                addon: name,
                price: formatPrice(a.price, locale),
                seat: `${s.row}/${s.seat}`,
              })}
              checked={ticked.includes(a.id)}
              onChange={(e) =>
                onAddons(
                  s.key,
                  e.currentTarget.checked ? [...ticked, a.id] : ticked.filter((id) => id !== a.id),
                )
              }
            />
          );
        })}
      </Stack>
    );
  };
  return (
    <Stack gap="md">
      <Card withBorder padding={0}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" data-testid="ticket-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('order.seat')}</Table.Th>
              <Table.Th visibleFrom="xs">{t('order.priceLevel')}</Table.Th>
              <Table.Th>{t('order.ticketType')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {seats.map((s, index) => {
              const group = groups.find((g) => g.id === s.ticketGroup);
              const rule = rules.find((g) => g.id === s.ticketGroup);
              // The group's own tickets; the tickets the codes unlock come as choices of their own.
              const own = choosableTickets(rule).filter(
                (rt) =>
                  !codes.some((c) => c.tickets.some((ct) => ct.ticket.id === rt.id)) &&
                  !memberTicketIds?.has(rt.id),
              );
              const options = own.map((rt) => {
                const tk = group!.tickets.find((x) => x.id === rt.id)!;
                const soldOut = tk.remaining === 0;
                const ages = agesText(t, tk);
                return {
                  value: String(tk.id),
                  label: `${pickText(tk.name, locale)}${ages ? ` (${ages})` : ''} · ${formatPrice(tk.price, locale)}${
                    tk.multiplyFactor > 1
                      ? ` (${t('order.seatsPerTicket', { seats: tk.multiplyFactor })})`
                      : ''
                  }${soldOut ? ` · ${t('order.soldOut')}` : ''}`,
                  disabled: soldOut && !(s.ticketId === tk.id && !s.ticketCode),
                };
              });
              for (const { code, ticket, full } of seatCodeChoices(codes, seats, s)) {
                const value = choiceValue(ticket.ticket.id, code.code);
                const mine = s.ticketCode === code.code && s.ticketId === ticket.ticket.id;
                const soldOut = ticket.ticket.remaining === 0;
                options.push({
                  value,
                  // The price before the code: a narrow select still shows what the ticket costs.
                  label: `${pickText(ticket.ticket.name, locale)} · ${formatPrice(
                    ticket.ticket.price,
                    locale,
                  )} — ${shownCode(code)}${full && !mine ? ` · ${t('ticketCodes.noUsesLeft')}` : ''}${
                    soldOut ? ` · ${t('order.soldOut')}` : ''
                  }`,
                  disabled: (full || soldOut) && !mine,
                });
              }
              if (memberOptions) options.push(...memberOptions(s));
              const codeTicket = codeTicketOf(codes, s);
              return (
                <Table.Tr key={s.key} data-testid="ticket-row">
                  <Table.Td miw={96}>
                    {seatLabel(t, s, isReserved)}
                    {/* On a phone the price level goes under the seat: three columns do not fit. */}
                    <Text size="xs" c="dimmed" hiddenFrom="xs">
                      {group ? pickText(group.name, locale) : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="xs">{group ? pickText(group.name, locale) : ''}</Table.Td>
                  <Table.Td miw={180}>
                    {props.jumper?.(s, index)}
                    <Select
                      aria-label={t('order.ticketTypeFor', { seat: `${s.row}/${s.seat}` })}
                      data={options}
                      value={
                        s.ticketId === null
                          ? null
                          : s.memberNumber !== undefined
                            ? memberChoiceValue(s.ticketId, s.memberNumber)
                            : choiceValue(s.ticketId, s.ticketCode)
                      }
                      onChange={(v) => {
                        if (!v) return;
                        const m = parseMemberChoice(v);
                        if (m) return onChooseMember?.(s.key, m.ticketId, m.memberNumber);
                        const c = parseChoice(v);
                        onChoose(s.key, c.ticketId, c.code);
                      }}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                    />
                    {addonBoxes(s)}
                    {codeTicket ? (
                      <RefPrompts
                        seat={s}
                        codeTicket={codeTicket}
                        problems={codeProblems.filter((x) => x.key === s.key)}
                        onRef={onRef}
                      />
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Card>
      {problems.length || overUsed.length ? (
        <Alert color="orange" role="alert" data-testid="ticket-problems">
          <Stack gap={4}>
            {problems.map((pr, i) => (
              <Text key={i} size="sm">
                {ticketProblemText(t, locale, groups, pr)}
              </Text>
            ))}
            {overUsed.map((pr) => (
              <Text key={pr.key} size="sm">
                {t('ticketCodes.seatOverUses', { seat: seatOf(pr.key) })}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : (
        <Group>
          <Text size="sm" c="dimmed">
            {t(props.jumper ? 'waiver.ticketsHint' : 'order.ticketsHint')}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

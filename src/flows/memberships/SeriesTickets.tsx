import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MembershipSeat, OrderMembership } from '../../api/contract/memberships.ts';
import type { OrderDocument } from '../../api/contract/order.ts';
import { pickText, sectionIn } from '../../i18n/format.ts';
import { seatLabel } from '../../ui/seatLabel.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';

type Ticket = OrderDocument['tickets'][number];

const onSeat = (t: Ticket, s: MembershipSeat) => t.sectionId === s.si && t.x === s.x && t.y === s.y;

/**
 * A series membership on the confirmation (issue 35): its seat in words ("Parterre, row 1, seat 1")
 * and each of its concerts with the ticket it holds there, included in the series (the tickets carry
 * no price of their own: the series paid for them).
 */
export function SeriesTickets({
  membership,
  order,
  concerts,
}: {
  membership: OrderMembership;
  order: OrderDocument;
  /** The series' concerts (from the catalogue); null: whichever of the order's concerts hold its seat. */
  concerts: readonly number[] | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const seat = membership.seat;
  if (!seat) return null;
  const tickets = order.tickets.filter(
    (x) => onSeat(x, seat) && (concerts === null || concerts.includes(x.presentationId)),
  );
  const first = tickets[0];
  if (!first) return null;
  const shows = order.presentations.filter((p) => tickets.some((x) => x.presentationId === p.id));
  return (
    <Card withBorder padding="md" data-testid="series-tickets">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {pickText(membership.name, locale)}
        </Title>
        <Text fw={600} data-testid="series-seat">
          {t('memberships.seriesSeat', {
            seat: seatLabel(t, { ...first, section: sectionIn(first, locale) }, true),
          })}
        </Text>
        {shows.map((p) => (
          <Group
            key={p.id}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            data-testid="series-ticket"
            data-presentation={p.id}
          >
            <div>
              <Text size="sm" fw={600}>
                {pickText(p.title, locale)}
              </Text>
              <Text size="xs" c="dimmed">
                {when.dateTime(p.dateTime)}
              </Text>
            </div>
            <Stack gap={2} align="flex-end">
              {tickets
                .filter((x) => x.presentationId === p.id)
                .map((x) => (
                  <Group key={x.ticketIdentifier} gap={6} wrap="nowrap">
                    <Text size="sm">
                      {[pickText(x.ticketName, locale), pickText(x.ticketGroupName, locale)]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    <Badge variant="light" color="teal">
                      {t('memberships.includedInSeries')}
                    </Badge>
                  </Group>
                ))}
            </Stack>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

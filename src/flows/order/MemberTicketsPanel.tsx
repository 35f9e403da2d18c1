import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MemberProblemCode } from '../../domain/order/memberUse.ts';
import { pickText } from '../../i18n/format.ts';
import { seatLabel } from '../../ui/seatLabel.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { HeldSeat } from './model.ts';
import { type MemberTicketsState, memberLeft, memberProblemText } from './memberTickets.ts';

interface Props {
  state: Pick<MemberTicketsState, 'seats' | 'members' | 'memberTickets'>;
  problems: readonly { key: string; code: MemberProblemCode }[];
  /** Whether the presentation's seats are numbered (a seat is then named by its row and number). */
  isReserved?: boolean;
}

/**
 * The logged-in customer's members on the ticket step (issue 16): each with its membership, member
 * number and what this cart leaves of its ticket balance ("N left") or points; the member tickets are
 * chosen per seat in the ticket table. Seats past what is left are named with the box office's reason.
 */
export function MemberTicketsPanel({ state, problems, isReserved = true }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (state.members.length === 0) return null;
  const seatOf = (key: string) => {
    const s: HeldSeat | undefined = state.seats.find((x) => x.key === key);
    return s ? seatLabel(t, s, isReserved) : key;
  };
  return (
    <Card withBorder padding="md" data-testid="member-tickets">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} fz="h5">
            {t('memberTickets.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('memberTickets.intro')}
          </Text>
        </Stack>
        {state.members.map((m) => {
          const left = memberLeft(state, m);
          return (
            <Group
              key={m.memberNumber}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              p="xs"
              bg="var(--mantine-color-default-hover)"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              data-testid="member-row"
            >
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {pickText(m.membershipName, locale)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('memberTickets.asMember', { name: m.name, number: `\u2066${m.memberNumber}\u2069` })}
                </Text>
              </Stack>
              {!m.isAvailable ? (
                <Badge color="gray" variant="light">
                  {t(m.isNotStarted ? 'memberTickets.notStarted' : 'memberTickets.expired')}
                </Badge>
              ) : left.tickets !== null ? (
                <Badge color={left.tickets > 0 ? 'teal' : 'gray'} variant="light" data-testid="member-left">
                  {t('memberTickets.left', { count: left.tickets })}
                </Badge>
              ) : m.pointsBalance > 0 ? (
                <Badge color="teal" variant="light" data-testid="member-points-left">
                  {t('memberTickets.pointsLeft', { points: left.points })}
                </Badge>
              ) : null}
            </Group>
          );
        })}
        {problems.length ? (
          <Alert color="orange" role="alert" data-testid="member-problems">
            <Stack gap={4}>
              {problems.map((p) => (
                <Text key={p.key} size="sm">
                  {t('memberTickets.seatProblem', {
                    seat: seatOf(p.key),
                    reason: memberProblemText(t, p.code),
                  })}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

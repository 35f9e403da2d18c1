import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { MembershipForSale } from '../../api/contract/memberships.ts';
import type { Settings } from '../../api/contract/session.ts';
import { pickText } from '../../i18n/format.ts';
import { session } from '../../state/session.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { LIST_KEYS } from '../../ssr/pageData.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { membershipApi } from './api.ts';
import { formatMoney } from './money.ts';

/** Where a membership is ordered: its order page, or the season enrolment's. */
const orderPathOf = (m: MembershipForSale) =>
  `${m.isEnrolment ? '/enroll' : '/membership'}/${encodeURIComponent(m.Code)}`;

/** A series' concerts on its card (issue 35: a series says what it includes), each with its date. */
function SeriesConcerts({ m }: { m: MembershipForSale }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  return (
    <Stack gap={2} data-testid="series-concerts">
      <Text size="sm" fw={600}>
        {t('memberships.seriesIncludes', { n: m.presentations.length })}
      </Text>
      <Stack component="ul" gap={2} m={0} ps="md">
        {m.presentations.map((p) => (
          <Text component="li" key={p.id} size="sm" data-testid="series-concert">
            {pickText(p.title, locale)}{' '}
            <Text span size="xs" c="dimmed">
              · {when.dateTime(p.dateTime)}
            </Text>
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** One membership of the list: what it is, its pricing, its concerts (a series) and the join button. */
function MembershipListCard({ m, layout }: { m: MembershipForSale; layout: 'grid' | 'list' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { search } = useLocation();
  const prices = m.prices.filter((p) => p.kind === 'new');
  return (
    <Card withBorder padding="lg" radius="md" h="100%" data-testid="membership-card-item" data-code={m.Code}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={2} fz="h4">
              {pickText(m.Name, locale)}
            </Title>
            {m.MembershipTypeId === 2 ? <Badge variant="light">{t('memberships.series')}</Badge> : null}
            {m.isEnrolment ? <Badge variant="light">{t('memberships.season')}</Badge> : null}
          </Group>
          {m.subtitle ? <Text size="sm">{pickText(m.subtitle, locale)}</Text> : null}
          {layout === 'list' && m.description ? (
            <Text size="sm" c="dimmed">
              {pickText(m.description, locale)}
            </Text>
          ) : null}
          {m.presentations.length ? <SeriesConcerts m={m} /> : null}
          {prices.map((p) => (
            <Group key={p.MembershipPriceId} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{pickText(p.name, locale)}</Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(p.Price - (p.discount?.amount ?? 0), p.currency.CurrencyCode, locale)}
              </Text>
            </Group>
          ))}
        </Stack>
        <Group justify="flex-end">
          {/* One word for joining, whatever the membership (issue 35). */}
          <Button component={Link} to={`${orderPathOf(m)}${search}`} mih={44} data-testid="enroll-button">
            {t('memberships.join')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /membership: the memberships for sale with their pricing, laid out as the venue's list mode says. */
export default function MembershipsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const phone = usePhone();
  const { settings } = useSnapshot(session);
  const state = useAsync((signal) => membershipApi.list(signal), LIST_KEYS.memberships);
  if (state.status === 'loading' || !settings) return <Skeleton height={320} radius="md" aria-busy="true" />;
  if (state.status === 'error') return <Alert color="red">{errorText(t, state.error)}</Alert>;
  const texts = (settings as Settings).flows.order_memberships;
  const layout = (settings as Settings).listModes.memberships;
  const list = state.data.memberships;
  return (
    <Stack gap="md" data-testid="membership-list" data-layout={layout}>
      <Title order={1} fz={phone ? 'h3' : 'h2'} data-testid="flow-title">
        {texts?.title ? pickText(texts.title, locale) : t('memberships.listTitle')}
      </Title>
      <Text c="dimmed">
        {texts?.subtitle ? pickText(texts.subtitle, locale) : t('memberships.listSubtitle')}
      </Text>
      {list.length === 0 ? (
        <Alert color="gray" data-testid="no-memberships">
          {t('errors.noMemberships')}
        </Alert>
      ) : layout === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {list.map((m) => (
            <MembershipListCard key={m.MembershipId} m={m} layout={layout} />
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="md">
          {list.map((m) => (
            <MembershipListCard key={m.MembershipId} m={m} layout={layout} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

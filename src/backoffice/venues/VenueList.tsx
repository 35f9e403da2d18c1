import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { intlTag } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { showToast } from '../../ui/toast/toasts.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { type AdminHall, type AdminVenue, plansApi } from '../plans/api.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import { HallNameDialog, type HallNameAsk } from './HallNameDialog.tsx';
import { useLoaded, useName, useVenuesLink, venuesPath } from './shared.tsx';

/**
 * /staff/venues: every venue with its halls (the published plan's version and seats, drafts), booking
 * through the site on or off per venue, and the ways in: add a venue, edit one, add a hall, open a hall.
 */
export function VenueList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useVenuesLink();
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [ask, setAsk] = useState<HallNameAsk | null>(null);
  const name = useName();
  const loaded = useLoaded((signal) => plansApi.venues(signal), 'venues');
  const venues = loaded.data?.venues ?? null;

  async function toggle(id: number, enabled: boolean) {
    setBusy(id);
    setProblem(null);
    try {
      await plansApi.updateVenue(id, { onlineSalesEnabled: enabled });
      showToast({ key: enabled ? 'staff.venues.turnedOn' : 'staff.venues.turnedOff', color: 'teal' });
      loaded.reload();
    } catch (err) {
      setProblem(err);
    } finally {
      setBusy(null);
    }
  }

  const addHall = (venue: AdminVenue) =>
    setAsk({
      title: t('backoffice.venues.addHallTo', { venue: name(venue.name) }),
      action: t('backoffice.venues.addHall'),
      initial: {},
      save: async (hallName) => {
        const hall = await plansApi.createHall(venue.id, { name: hallName });
        void navigate(link(venuesPath.hall(hall.id)));
      },
    });

  return (
    <Stack gap="md" data-testid="staff-venues">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} fz="h3">
          {t('backoffice.venues.title')}
        </Title>
        <Button component={Link} to={link(venuesPath.newVenue())} mih={TOUCH_PX} data-testid="venue-add">
          {t('backoffice.venues.addVenue')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('backoffice.venues.intro')}
      </Text>
      {problem ? <Alert color="red">{errorText(t, problem)}</Alert> : null}
      {loaded.error ? <Alert color="red">{errorText(t, loaded.error)}</Alert> : null}
      {venues === null && !loaded.error ? <Skeleton height={200} radius="md" aria-busy="true" /> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {venues?.map((v) => (
          <Card key={v.id} withBorder padding="md" data-testid="staff-venue" data-venue-id={v.id}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
                    {name(v.name)}
                  </Title>
                  {v.address ? (
                    <Text size="sm" c="dimmed">
                      {[name(v.address.street), name(v.address.city)].filter(Boolean).join(', ')}
                    </Text>
                  ) : null}
                </div>
                <Badge color={v.onlineSalesEnabled ? 'teal' : 'orange'} variant="light">
                  {v.onlineSalesEnabled ? t('staff.venues.online') : t('staff.venues.offline')}
                </Badge>
              </Group>
              <Switch
                checked={v.onlineSalesEnabled}
                disabled={busy !== null}
                onChange={(e) => void toggle(v.id, e.currentTarget.checked)}
                label={t('staff.venues.sellOnline')}
                size="md"
                styles={{ body: { minHeight: TOUCH_PX, alignItems: 'center' } }}
                data-testid="online-sales-switch"
              />
              <HallList halls={v.halls} />
              <Group gap="sm" wrap="wrap">
                <Button
                  component={Link}
                  to={link(venuesPath.venue(v.id))}
                  variant="default"
                  mih={TOUCH_PX}
                  aria-label={t('backoffice.venues.editOne', { venue: name(v.name) })}
                  data-testid="venue-edit"
                >
                  {t('backoffice.venues.edit')}
                </Button>
                <Button
                  variant="light"
                  mih={TOUCH_PX}
                  onClick={() => addHall(v)}
                  aria-label={t('backoffice.venues.addHallOne', { venue: name(v.name) })}
                  data-testid="hall-add"
                >
                  {t('backoffice.venues.addHall')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <HallNameDialog ask={ask} onClose={() => setAsk(null)} />
    </Stack>
  );
}

/** A venue's halls, each a link to its page, with its published version and drafts. */
export function HallList({ halls }: { halls: readonly AdminHall[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const link = useVenuesLink();
  const name = useName();
  if (halls.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('backoffice.venues.noHalls')}
      </Text>
    );
  return (
    <Stack
      gap={4}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('backoffice.venues.halls')}
    >
      {halls.map((h) => (
        <Group component="li" key={h.id} gap="xs" wrap="wrap" data-testid="venue-hall" data-hall-id={h.id}>
          <Anchor
            component={Link}
            to={link(venuesPath.hall(h.id))}
            mih={TOUCH_PX}
            display="inline-flex"
            style={{ alignItems: 'center', overflowWrap: 'anywhere' }}
            data-testid="venue-hall-open"
          >
            {name(h.name)}
          </Anchor>
          <Text size="sm" c="dimmed">
            {h.published
              ? t('backoffice.venues.publishedSummary', {
                  version: h.published.version,
                  seats: h.published.seats.toLocaleString(intlTag(locale)),
                })
              : t('backoffice.venues.nothingPublished')}
          </Text>
          {h.drafts > 0 ? (
            <Badge color="yellow" variant="light">
              {t('backoffice.venues.drafts', { count: h.drafts })}
            </Badge>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}

import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../ui/errorText.ts';
import { showToast } from '../../ui/toast/toasts.ts';
import { type AdminVenue, plansApi } from '../plans/api.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import { HallNameDialog, type HallNameAsk } from './HallNameDialog.tsx';
import { Crumbs, useLoaded, useName, useVenuesLink, venuesPath } from './shared.tsx';
import { VenueForm } from './VenueForm.tsx';
import { HallList } from './VenueList.tsx';

/** /staff/venues/new: a venue's names and address; it gets its halls on its own page next. */
export function NewVenuePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useVenuesLink();
  return (
    <Stack gap="md" data-testid="venue-new">
      <Crumbs items={[{ label: t('backoffice.venues.addVenue') }]} />
      <Title order={2} fz="h3">
        {t('backoffice.venues.addVenue')}
      </Title>
      <VenueForm
        initial={null}
        submitLabel={t('backoffice.venues.addVenue')}
        onSubmit={async (values) => {
          const venue = await plansApi.createVenue(values);
          showToast({ key: 'backoffice.venues.added', color: 'teal' });
          void navigate(link(venuesPath.venue(venue.id)));
        }}
      />
    </Stack>
  );
}

/** /staff/venues/<id>: the venue's names and street address, and its halls (add one, rename one). */
export function VenuePage({ venueId }: { venueId: number }) {
  const { t } = useTranslation();
  const name = useName();
  const navigate = useNavigate();
  const link = useVenuesLink();
  const loaded = useLoaded((signal) => plansApi.venues(signal), 'venues');
  const [ask, setAsk] = useState<HallNameAsk | null>(null);
  const venue = loaded.data?.venues.find((v) => v.id === venueId);

  if (loaded.error) return <Alert color="red">{errorText(t, loaded.error)}</Alert>;
  if (!loaded.data) return <Skeleton height={320} radius="md" aria-busy="true" />;
  if (!venue)
    return (
      <Alert color="orange" data-testid="venue-missing">
        {t('backoffice.venues.notFound')}
      </Alert>
    );

  const replace = (changed: AdminVenue) =>
    loaded.set({ venues: loaded.data!.venues.map((v) => (v.id === changed.id ? changed : v)) });

  return (
    <Stack gap="md" data-testid="venue-page" data-venue-id={venue.id}>
      <Crumbs items={[{ label: name(venue.name) }]} />
      <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
        {name(venue.name)}
      </Title>
      <VenueForm
        key={venue.id}
        initial={{ name: venue.name, address: venue.address }}
        submitLabel={t('backoffice.common.save')}
        onSubmit={async (values) => {
          replace(await plansApi.updateVenue(venue.id, values));
          showToast({ key: 'backoffice.venues.saved', color: 'teal' });
        }}
      />
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={3} fz="h4">
              {t('backoffice.venues.halls')}
            </Title>
            <Button
              variant="light"
              mih={TOUCH_PX}
              data-testid="hall-add"
              onClick={() =>
                setAsk({
                  title: t('backoffice.venues.addHallTo', { venue: name(venue.name) }),
                  action: t('backoffice.venues.addHall'),
                  initial: {},
                  save: async (hallName) => {
                    const hall = await plansApi.createHall(venue.id, { name: hallName });
                    void navigate(link(venuesPath.hall(hall.id)));
                  },
                })
              }
            >
              {t('backoffice.venues.addHall')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('backoffice.venues.hallsIntro')}
          </Text>
          <HallList halls={venue.halls} />
        </Stack>
      </Card>
      <HallNameDialog ask={ask} onClose={() => setAsk(null)} />
    </Stack>
  );
}

import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { venueToday } from '../../i18n/format.ts';
import { addDaysIso } from '../../domain/venue.ts';
import { errorText } from '../../ui/errorText.ts';
import { plansApi } from '../plans/api.ts';
import { pricesApi } from '../prices/api.ts';
import { RecordTable } from '../ui/RecordTable.tsx';
import { TOUCH_PX } from '../ui/touch.ts';
import { useLoaded, useName } from '../venues/shared.tsx';
import { type Feature, programmeApi } from './api.ts';
import { FeatureForm } from './FeatureForm.tsx';
import { ScheduleForm } from './ScheduleForm.tsx';
import { ScheduleImport } from './ScheduleImport.tsx';
import { PosterPick } from './PosterPick.tsx';
import { Upcoming } from './Upcoming.tsx';

/**
 * The programme tab (managers and admins, `/staff/programme`): the features, a form to add or change
 * one, a schedule of shows for a feature (previewed, then created), and what is on in the coming two
 * weeks. What is created sells on the board within moments, with no restart.
 */
export function Programme() {
  const { t } = useTranslation();
  const features = useLoaded((signal) => programmeApi.features(signal), 'features');
  const venues = useLoaded((signal) => plansApi.venues(signal), 'venues');
  const prices = useLoaded((signal) => pricesApi.lists(signal), 'price-lists');
  const today = venueToday();
  const [hallId, setHallId] = useState<number | null>(null);
  const upcoming = useLoaded(
    (signal) =>
      hallId === null
        ? Promise.resolve({ presentations: [] })
        : programmeApi.presentations({ from: today, to: addDaysIso(today, 6), hallId }, signal),
    `upcoming-${today}-${hallId}`,
  );
  const [editing, setEditing] = useState<Feature | 'new' | null>(null);
  const [created, setCreated] = useState<number | null>(null);

  const error = features.error ?? venues.error ?? prices.error;
  if (error && !(features.data && venues.data && prices.data))
    return <Alert color="red">{errorText(t, error)}</Alert>;
  if (!features.data || !venues.data || !prices.data)
    return <Skeleton height={480} radius="md" aria-busy="true" />;
  const priceLists = prices.data.priceLists;
  const list = features.data.features;
  const halls = venues.data.venues.flatMap((v) => v.halls).filter((h) => h.published !== null);
  const shownHall = hallId ?? halls[0]?.id ?? null;
  if (hallId === null && shownHall !== null) setHallId(shownHall);

  return (
    <Stack gap="lg" data-testid="programme">
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} fz="h3">
              {t('backoffice.programme.features')}
            </Title>
            {editing === null ? (
              <Button mih={TOUCH_PX} onClick={() => setEditing('new')} data-testid="feature-new">
                {t('backoffice.programme.newFeature')}
              </Button>
            ) : null}
          </Group>
          {editing !== null ? (
            <FeatureForm
              key={editing === 'new' ? 'new' : editing.id}
              initial={editing === 'new' ? null : editing}
              onCancel={() => setEditing(null)}
              onSubmit={async (values) => {
                if (editing === 'new') await programmeApi.createFeature(values);
                else await programmeApi.updateFeature(editing.id, values);
                setEditing(null);
                features.reload();
              }}
            />
          ) : null}
          {editing !== null && editing !== 'new' ? (
            <PosterPick
              feature={editing}
              onChanged={(f) => {
                setEditing(f);
                features.reload();
              }}
            />
          ) : null}
          <FeatureTable features={list} onEdit={(f) => setEditing(f)} />
        </Stack>
      </Card>
      {list.length > 0 && halls.length > 0 ? (
        <ScheduleForm
          features={list}
          halls={halls}
          priceLists={priceLists.filter((l) => l.presentationId === null)}
          onCreated={(count, firstHall) => {
            setCreated(count);
            setHallId(firstHall);
            features.reload();
            upcoming.reload();
          }}
        />
      ) : (
        <Alert color="violet" variant="light">
          {t('backoffice.programme.needFeatureAndHall')}
        </Alert>
      )}
      {list.length > 0 ? (
        <ScheduleImport
          features={list}
          onCreated={(count) => {
            setCreated(count);
            features.reload();
            upcoming.reload();
          }}
        />
      ) : null}
      {created !== null ? (
        <Alert color="teal" data-testid="schedule-created" withCloseButton onClose={() => setCreated(null)}>
          {t('backoffice.programme.created', { count: created })}
        </Alert>
      ) : null}
      <Upcoming
        presentations={upcoming.data?.presentations ?? null}
        halls={halls}
        hallId={shownHall}
        onHall={setHallId}
        priceLists={priceLists}
        onChanged={() => {
          upcoming.reload();
          prices.reload();
        }}
      />
    </Stack>
  );
}

function FeatureTable({ features, onEdit }: { features: readonly Feature[]; onEdit(f: Feature): void }) {
  const { t } = useTranslation();
  const name = useName();
  return (
    <RecordTable<Feature>
      rows={features}
      rowKey={(f) => String(f.id)}
      rowAttributes={(f) => ({ 'data-testid': 'feature-row', 'data-feature-id': String(f.id) })}
      minWidth={560}
      columns={[
        { key: 'title', label: t('backoffice.programme.featureTitle'), render: (f) => name(f.title) },
        {
          key: 'category',
          label: t('backoffice.programme.category'),
          render: (f) => <Badge variant="light">{t(`category.${f.category}`)}</Badge>,
        },
        {
          key: 'duration',
          label: t('backoffice.programme.duration'),
          render: (f) => t('backoffice.programme.minutes', { count: f.durationMinutes }),
        },
        { key: 'shows', label: t('backoffice.programme.shows'), render: (f) => f.presentations },
        {
          key: 'edit',
          label: '',
          bare: true,
          render: (f) => (
            <Button variant="subtle" mih={TOUCH_PX} onClick={() => onEdit(f)} data-testid="feature-edit">
              {t('backoffice.programme.edit')}
            </Button>
          ),
        },
      ]}
    />
  );
}

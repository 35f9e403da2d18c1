import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatDate, intlTag } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { type Confirmation, ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { RecordTable } from '../ui/RecordTable.tsx';
import { TOUCH_PX } from '../ui/touch.ts';
import { HallNameDialog, type HallNameAsk } from '../venues/HallNameDialog.tsx';
import { Crumbs, useLoaded, useName, useVenuesLink, venuesPath } from '../venues/shared.tsx';
import { type PlanVersion, plansApi } from './api.ts';
import { PlanImport } from './PlanImport.tsx';

/**
 * /staff/venues/halls/<id>: a hall's plan versions (drafts and published, their seats, problems and the
 * presentations on each), a draft made from a published version or thrown away, and a new plan brought
 * in from a file.
 */
export function HallPage({ hallId }: { hallId: number }) {
  const { t } = useTranslation();
  const name = useName();
  const navigate = useNavigate();
  const link = useVenuesLink();
  const venues = useLoaded((signal) => plansApi.venues(signal), 'venues');
  const versions = useLoaded((signal) => plansApi.versions(hallId, signal), String(hallId));
  const [confirm, setConfirm] = useState<Confirmation | null>(null);
  const [rename, setRename] = useState<HallNameAsk | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const venue = venues.data?.venues.find((v) => v.halls.some((h) => h.id === hallId));
  const hall = venue?.halls.find((h) => h.id === hallId);
  const open = (v: PlanVersion) => void navigate(link(venuesPath.plan(v.id)));

  async function copy(v: PlanVersion) {
    setProblem(null);
    try {
      open(await plansApi.copyToDraft(v.id));
    } catch (err) {
      setProblem(err);
    }
  }

  const error = venues.error ?? versions.error;
  if (error) return <Alert color="red">{errorText(t, error)}</Alert>;
  if (!venues.data || !versions.data) return <Skeleton height={320} radius="md" aria-busy="true" />;
  if (!venue || !hall)
    return (
      <Alert color="orange" data-testid="hall-missing">
        {t('backoffice.venues.hallNotFound')}
      </Alert>
    );
  const hallName = name(hall.name);

  return (
    <Stack gap="md" data-testid="hall-page" data-hall-id={hallId}>
      <Crumbs items={[{ label: name(venue.name), to: venuesPath.venue(venue.id) }, { label: hallName }]} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
          {hallName}
        </Title>
        <Button
          variant="default"
          mih={TOUCH_PX}
          data-testid="hall-rename"
          onClick={() =>
            setRename({
              title: t('backoffice.venues.renameHallTitle', { hall: hallName }),
              action: t('backoffice.venues.renameHall'),
              initial: hall.name,
              save: async (n) => {
                await plansApi.renameHall(hall.id, { name: n });
                venues.reload();
              },
            })
          }
        >
          {t('backoffice.venues.renameHall')}
        </Button>
      </Group>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} fz="h4">
            {t('backoffice.plans.versions')}
          </Title>
          {problem ? <Alert color="red">{errorText(t, problem)}</Alert> : null}
          {versions.data.versions.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="plan-no-versions">
              {t('backoffice.plans.noVersions')}
            </Text>
          ) : (
            <VersionTable
              versions={versions.data.versions}
              onCopy={(v) => void copy(v)}
              onDelete={(v) =>
                setConfirm({
                  title: t('backoffice.plans.deleteTitle', { version: v.version }),
                  text: t('backoffice.plans.deleteText'),
                  action: t('backoffice.plans.delete'),
                  color: 'red',
                  run: async () => {
                    await plansApi.deleteDraft(v.id);
                    versions.reload();
                    venues.reload();
                  },
                })
              }
            />
          )}
        </Stack>
      </Card>
      <PlanImport hallId={hallId} onSaved={open} />
      <ConfirmDialog ask={confirm} onClose={() => setConfirm(null)} />
      <HallNameDialog ask={rename} onClose={() => setRename(null)} />
    </Stack>
  );
}

function VersionTable({
  versions,
  onCopy,
  onDelete,
}: {
  versions: readonly PlanVersion[];
  onCopy(v: PlanVersion): void;
  onDelete(v: PlanVersion): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const link = useVenuesLink();
  const n = (v: number) => v.toLocaleString(intlTag(locale));
  return (
    <RecordTable
      rows={versions}
      rowKey={(v) => String(v.id)}
      minWidth={760}
      data-testid="plan-versions"
      rowAttributes={(v) => ({
        'data-testid': 'plan-version',
        'data-seatplan-id': String(v.id),
        'data-status': v.status,
      })}
      columns={[
        {
          key: 'version',
          label: t('backoffice.plans.version'),
          render: (v) => (
            <Group gap={6} wrap="nowrap">
              <Text fw={600}>{t('backoffice.plans.versionNo', { version: v.version })}</Text>
              <Badge color={v.status === 'published' ? 'teal' : 'yellow'} variant="light">
                {t(`backoffice.plans.status.${v.status}`)}
              </Badge>
            </Group>
          ),
        },
        { key: 'seats', label: t('backoffice.plans.seats'), render: (v) => n(v.seats) },
        {
          key: 'problems',
          label: t('backoffice.plans.problemsColumn'),
          render: (v) => (
            <Group gap={4} wrap="wrap">
              <Badge color={v.errors ? 'red' : 'gray'} variant="light">
                {t('backoffice.plans.errorCount', { count: v.errors })}
              </Badge>
              <Badge color={v.warnings ? 'orange' : 'gray'} variant="light">
                {t('backoffice.plans.warningCount', { count: v.warnings })}
              </Badge>
            </Group>
          ),
        },
        {
          key: 'presentations',
          label: t('backoffice.plans.presentations'),
          render: (v) => n(v.presentations),
        },
        {
          key: 'dates',
          label: t('backoffice.plans.dates'),
          render: (v) => (
            <Stack gap={0}>
              <Text size="sm">
                {t('backoffice.plans.createdOn', { date: formatDate(v.createdAt, locale) })}
              </Text>
              {v.publishedAt ? (
                <Text size="sm">
                  {t('backoffice.plans.publishedOn', { date: formatDate(v.publishedAt, locale) })}
                </Text>
              ) : null}
            </Stack>
          ),
        },
        {
          key: 'actions',
          label: t('backoffice.common.actions'),
          bare: true,
          render: (v) => {
            const label = t('backoffice.plans.versionNo', { version: v.version });
            return (
              <Group gap="xs" wrap="wrap">
                <Button
                  component={Link}
                  to={link(venuesPath.plan(v.id))}
                  size="xs"
                  mih={TOUCH_PX}
                  aria-label={t('backoffice.plans.openOne', { version: label })}
                  data-testid="plan-version-open"
                >
                  {t('backoffice.plans.open')}
                </Button>
                {v.status === 'published' ? (
                  <Button
                    size="xs"
                    variant="light"
                    mih={TOUCH_PX}
                    onClick={() => onCopy(v)}
                    aria-label={t('backoffice.plans.copyOne', { version: label })}
                    data-testid="plan-version-copy"
                  >
                    {t('backoffice.plans.copy')}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    mih={TOUCH_PX}
                    onClick={() => onDelete(v)}
                    aria-label={t('backoffice.plans.deleteOne', { version: label })}
                    data-testid="plan-version-delete"
                  >
                    {t('backoffice.plans.delete')}
                  </Button>
                )}
              </Group>
            );
          },
        },
      ]}
    />
  );
}

import { Alert, Badge, Grid, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../api/contract/common.ts';
import type { PlanEditBody } from '../../api/contract/seatplanEdits.ts';
import type { SeatKey } from '../../domain/seatKey.ts';
import { formatDate, intlTag } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { Crumbs, useLoaded, useName, venuesPath } from '../venues/shared.tsx';
import { type PlanDetail, plansApi } from './api.ts';
import { EditPanel, type SeatChange } from './EditPanel.tsx';
import { PlanActions } from './PlanActions.tsx';
import { PlanDiff } from './PlanDiff.tsx';
import { PlanFigures } from './PlanFigures.tsx';
import { PlanEditorMap, type PlanEditorMapRef } from './PlanMap.tsx';
import { priceLevelsOf, seatsByKey, summarise } from './planModel.ts';
import { type PriceLevelNames, usePriceLevels } from './priceLevels.ts';
import { ProblemList } from './ProblemList.tsx';
import { SectionNames } from './SectionNames.tsx';

type Tab = 'plan' | 'figures' | 'difference';

/**
 * /staff/venues/plans/<id>: one version of a hall's plan. The plan drawn by the shop's seat map with its
 * problems beside it (a problem's seat is shown on the map); on a draft, seats selected on the map are
 * edited in the panel and sections renamed, each change saved at once and the problems and figures
 * answered again. Its figures, the difference with the published version, publishing and exports.
 */
export function PlanPage({ seatplanId }: { seatplanId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = useName();
  const loaded = useLoaded((signal) => plansApi.seatplan(seatplanId, signal), String(seatplanId));
  const venues = useLoaded((signal) => plansApi.venues(signal), 'venues');
  const levels = usePriceLevels();
  const [tab, setTab] = useState<Tab>('plan');
  const [selection, setSelection] = useState<Set<SeatKey>>(() => new Set());
  const { busy, error: editError, run } = useAction();
  const [edits, setEdits] = useState(0);
  const detail = loaded.data;
  const seats = useMemo(() => (detail ? seatsByKey(detail.plan, locale) : new Map()), [detail, locale]);
  const summary = useMemo(() => summarise(selection, seats), [selection, seats]);
  const onSelection = useCallback((next: Set<SeatKey>) => setSelection(next), []);

  const edit = (body: PlanEditBody[]) =>
    run(async () => {
      loaded.set(await plansApi.editPlan(seatplanId, body));
      setEdits((n) => n + 1);
    });
  const change = (c: SeatChange) => void edit([{ op: 'setSeats', keys: [...selection], ...c }]);
  const renameSection = (sectionId: number, names: LocalizedText) =>
    void edit([{ op: 'renameSection', sectionId, names }]);

  if (loaded.error && !detail) return <Alert color="red">{errorText(t, loaded.error)}</Alert>;
  if (!detail) return <Skeleton height={480} radius="md" aria-busy="true" />;
  const { version } = detail;
  const draft = version.status === 'draft';
  const venue = venues.data?.venues.find((v) => v.id === version.venueId);
  const hall = venue?.halls.find((h) => h.id === version.hallId);
  const label = t('backoffice.plans.versionNo', { version: version.version });
  const errors = detail.problems.filter((p) => p.severity === 'error').length;

  return (
    <Stack gap="md" data-testid="plan-page" data-seatplan-id={version.id} data-status={version.status}>
      <Crumbs
        items={[
          { label: venue ? name(venue.name) : '…', to: venuesPath.venue(version.venueId) },
          { label: hall ? name(hall.name) : version.name, to: venuesPath.hall(version.hallId) },
          { label },
        ]}
      />
      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} fz="h3">
              {label}
            </Title>
            <Badge color={draft ? 'yellow' : 'teal'} variant="light" data-testid="plan-status">
              {t(`backoffice.plans.status.${version.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {[
              t('backoffice.plans.seatCount', {
                count: version.seats,
                n: version.seats.toLocaleString(intlTag(locale)),
              }),
              t('backoffice.plans.createdOn', { date: formatDate(version.createdAt, locale) }),
              version.publishedAt
                ? t('backoffice.plans.publishedOn', { date: formatDate(version.publishedAt, locale) })
                : null,
              t('backoffice.plans.onPresentations', { count: version.presentations }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        <PlanActions version={version} onPublished={loaded.reload} />
      </Group>
      {draft && errors > 0 ? (
        <Alert color="orange" variant="light" data-testid="plan-publish-blocked">
          {t('backoffice.plans.publishBlocked', { count: errors })}
        </Alert>
      ) : null}
      {!draft ? (
        <Text size="sm" c="dimmed">
          {t('backoffice.plans.publishedNote')}
        </Text>
      ) : null}
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false} data-testid="plan-tabs">
        <Tabs.List>
          {(['plan', 'figures', 'difference'] as const).map((id) => (
            <Tabs.Tab key={id} value={id} mih={TOUCH_PX} data-testid={`plan-tab-${id}`}>
              {t(`backoffice.plans.tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="plan" pt="md">
          <PlanTab
            detail={detail}
            draft={draft}
            busy={busy}
            editError={editError}
            selection={selection}
            onSelection={onSelection}
            summary={summary}
            onChange={change}
            onRenameRow={(r) => void edit([{ op: 'renameRow', ...r }])}
            onRenameSection={renameSection}
            levels={levels}
          />
        </Tabs.Panel>
        <Tabs.Panel value="figures" pt="md">
          <PlanFigures figures={detail.figures} levelLabel={levels.label} />
        </Tabs.Panel>
        <Tabs.Panel value="difference" pt="md">
          <PlanDiff detail={detail} edits={edits} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function PlanTab(props: {
  detail: PlanDetail;
  draft: boolean;
  busy: boolean;
  editError: unknown;
  selection: Set<SeatKey>;
  onSelection(next: Set<SeatKey>): void;
  summary: ReturnType<typeof summarise>;
  onChange(c: SeatChange): void;
  onRenameRow(r: { sectionId: number; row: string; to: string }): void;
  onRenameSection(sectionId: number, names: LocalizedText): void;
  levels: PriceLevelNames;
}) {
  const { t } = useTranslation();
  const { detail, draft, summary } = props;
  const map = useRef<PlanEditorMapRef>(null);
  // The venue's price levels, and any the plan names that the venue lacks (a problem to fix).
  const levels = [...new Set([...props.levels.ids, ...priceLevelsOf(detail.figures.byPriceLevel)])].map(
    (id) => ({ id, label: props.levels.label(id) }),
  );
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <PlanEditorMap
          ref={map}
          plan={detail.plan}
          selection={props.selection}
          onSelection={props.onSelection}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="md">
          {props.editError ? (
            <Alert color="red" data-testid="plan-edit-error">
              {errorText(t, props.editError)}
            </Alert>
          ) : null}
          {draft && summary.count > 0 ? (
            <EditPanel
              summary={summary}
              levels={levels}
              busy={props.busy}
              onChange={props.onChange}
              onRenameRow={props.onRenameRow}
            />
          ) : (
            <Text size="sm" c="dimmed" data-testid="plan-edit-hint">
              {draft
                ? t('backoffice.plans.selectToEdit')
                : t('backoffice.plans.selected', { count: summary.count })}
            </Text>
          )}
          <ProblemList
            problems={detail.problems}
            total={detail.problemCount}
            onSeat={(key) => map.current?.reveal(key)}
          />
        </Stack>
      </Grid.Col>
      {draft ? (
        <Grid.Col span={12}>
          <SectionNames sections={detail.plan.S} busy={props.busy} onSave={props.onRenameSection} />
        </Grid.Col>
      ) : null}
    </Grid>
  );
}

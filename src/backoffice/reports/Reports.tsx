import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ReportKind,
  reportKinds,
  reportPageSizes,
  type ReportSort,
  sortsOfReport,
} from '../../api/contract/reports.ts';
import { api } from '../../api/endpoints.ts';
import { addDaysIso } from '../../domain/venue.ts';
import { venueToday } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { DoorAttendance } from './DoorAttendance.tsx';
import { staffDate } from './format.ts';
import { ReportChart } from './ReportChart.tsx';
import { ReportTable } from './ReportTable.tsx';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';

type Dir = '' | 'asc' | 'desc';

/** A manager's reports: the sales reports, or attendance at the door from its scans (issue 37). */
export function Reports() {
  const { t } = useTranslation();
  const [view, setView] = useState<'sales' | 'door'>('sales');
  return (
    <Stack gap="md">
      <SegmentedControl
        data-testid="reports-view"
        aria-label={t('reports.views.label')}
        styles={{ root: { alignSelf: 'flex-start' }, label: { minHeight: TOUCH_PX, alignContent: 'center' } }}
        value={view}
        onChange={(v) => setView(v === 'door' ? 'door' : 'sales')}
        data={[
          { value: 'sales', label: t('reports.views.sales') },
          { value: 'door', label: t('reports.views.door') },
        ]}
      />
      {view === 'door' ? <DoorAttendance /> : <SalesReports />}
    </Stack>
  );
}

/**
 * A manager's sales reports (spec section 2): pick a report and its days, sort and rows per page; each
 * shows a chart beside its table (stacked on a phone) and offers its whole range as CSV.
 */
function SalesReports() {
  const { t } = useTranslation();
  const locale = useLocale();
  const today = venueToday();
  const [report, setReport] = useState<ReportKind>('attendance-shows');
  const [from, setFrom] = useState(addDaysIso(today, -30));
  const [to, setTo] = useState(addDaysIso(today, 30));
  const [sort, setSort] = useState<ReportSort>(sortsOfReport['attendance-shows'][0]!);
  const [dir, setDir] = useState<Dir>('');
  const [pageSize, setPageSize] = useState<number>(25);
  const [page, setPage] = useState(1);
  const query = { from, to, sort, ...(dir ? { dir } : {}), page, pageSize, locale };
  const state = useAsync(() => api.staffReport(report, query), JSON.stringify([report, query]));
  const paged = report !== 'concessions';

  return (
    <Stack gap="md" data-testid="staff-reports">
      <Title order={2} fz="h3">
        {t('reports.title')}
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('reports.report')}
          data-testid="reports-picker"
          styles={touchInput}
          value={report}
          onChange={(e) => {
            const next = e.currentTarget.value as ReportKind;
            setReport(next);
            setSort(sortsOfReport[next][0]!);
            setDir('');
            setPage(1);
          }}
          data={reportKinds.map((k) => ({ value: k, label: t(`reports.kinds.${k}`) }))}
        />
        <TextInput
          type="date"
          label={t('reports.from')}
          data-testid="reports-from"
          styles={touchInput}
          value={from}
          max={to}
          onChange={(e) => {
            setFrom(e.currentTarget.value);
            setPage(1);
          }}
        />
        <TextInput
          type="date"
          label={t('reports.to')}
          data-testid="reports-to"
          styles={touchInput}
          value={to}
          min={from}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            setPage(1);
          }}
        />
        <NativeSelect
          label={t('reports.sort')}
          data-testid="reports-sort"
          styles={touchInput}
          value={sort}
          disabled={sortsOfReport[report].length < 2}
          onChange={(e) => {
            setSort(e.currentTarget.value as ReportSort);
            setPage(1);
          }}
          data={sortsOfReport[report].map((s) => ({ value: s, label: t(`reports.sorts.${s}`) }))}
        />
        <NativeSelect
          label={t('reports.dir')}
          data-testid="reports-dir"
          styles={touchInput}
          value={dir}
          onChange={(e) => setDir(e.currentTarget.value as Dir)}
          data={(['', 'asc', 'desc'] as const).map((d) => ({
            value: d,
            label: t(`reports.dirs.${d || 'default'}`),
          }))}
        />
        {paged ? (
          <NativeSelect
            label={t('reports.pageSize')}
            data-testid="reports-page-size"
            styles={touchInput}
            value={String(pageSize)}
            onChange={(e) => {
              setPageSize(Number(e.currentTarget.value));
              setPage(1);
            }}
            data={reportPageSizes.map((n) => String(n))}
          />
        ) : null}
        <Button
          component="a"
          variant="light"
          data-testid="reports-csv"
          mih={TOUCH_PX}
          href={api.staffReportCsvUrl(report, { from, to, sort, ...(dir ? { dir } : {}), locale })}
          download
        >
          {t('reports.download')}
        </Button>
      </Group>
      {state.status === 'error' ? (
        <Alert color="red" data-testid="reports-error">
          {errorText(t, state.error)}
        </Alert>
      ) : null}
      {state.status === 'loading' ? <Skeleton height={320} radius="md" aria-busy="true" /> : null}
      {state.status === 'done' ? (
        <>
          <Text size="sm" c="dimmed" data-testid="reports-total">
            {t('reports.total', {
              total: state.data.total,
              from: staffDate(state.data.from, locale),
              to: staffDate(state.data.to, locale),
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <ReportChart answer={state.data} />
            <ReportTable answer={state.data} />
          </SimpleGrid>
          {paged && state.data.total > state.data.pageSize ? (
            <Pagination
              data-testid="reports-pagination"
              total={Math.ceil(state.data.total / state.data.pageSize)}
              value={page}
              onChange={setPage}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

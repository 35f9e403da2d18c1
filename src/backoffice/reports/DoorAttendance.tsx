import { Alert, Button, Group, NativeSelect, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoorPresentation } from '../../api/contract/door.ts';
import { formatTime, pickText, venueToday } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { doorApi } from '../door/api.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { AttendanceDetails } from './AttendanceDetails.tsx';
import { attendanceApi } from './attendanceApi.ts';

/** The show a manager most likely asks about: the last one that has begun, else the day's first. */
function likelyShow(list: readonly DoorPresentation[], now = Date.now()): number | null {
  const begun = list.filter((p) => Date.parse(p.startsAt) <= now);
  return (begun.at(-1) ?? list[0])?.id ?? null;
}

/**
 * Attendance at the door (issue 37), beside the sales reports: a business date and one of its
 * presentations, then who came from the door's real scans (AttendanceDetails) and its CSV.
 */
export function DoorAttendance() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [date, setDate] = useState(venueToday());
  const [chosen, setChosen] = useState<number | null>(null);
  const shows = useAsync(() => doorApi.presentations(date), date);
  const list = shows.status === 'done' ? shows.data.presentations : [];
  const presentationId = list.some((p) => p.id === chosen) ? chosen : likelyShow(list);
  const report = useAsync(
    (signal) =>
      presentationId === null ? Promise.resolve(null) : attendanceApi.report(presentationId, signal),
    String(presentationId),
  );

  return (
    <Stack gap="md" data-testid="door-attendance">
      <Title order={2} fz="h3">
        {t('reports.door.title')}
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('reports.door.date')}
          data-testid="attendance-date"
          styles={touchInput}
          value={date}
          onChange={(e) => {
            setDate(e.currentTarget.value);
            setChosen(null);
          }}
        />
        <NativeSelect
          label={t('reports.door.presentation')}
          data-testid="attendance-presentation"
          styles={touchInput}
          style={{ flex: '1 1 16rem', maxWidth: '32rem' }}
          disabled={list.length === 0}
          value={presentationId === null ? '' : String(presentationId)}
          onChange={(e) => setChosen(Number(e.currentTarget.value))}
          data={list.map((p) => ({
            value: String(p.id),
            label: t('reports.door.option', {
              time: formatTime(p.startsAt, locale),
              title: pickText(p.title, locale),
              hall: pickText(p.hall, locale),
            }),
          }))}
        />
        {presentationId !== null ? (
          <Button
            component="a"
            variant="light"
            mih={TOUCH_PX}
            data-testid="attendance-csv"
            href={attendanceApi.csvUrl(presentationId)}
            download
          >
            {t('reports.download')}
          </Button>
        ) : null}
      </Group>
      {shows.status === 'done' && list.length === 0 ? (
        <Text c="dimmed" data-testid="attendance-no-shows">
          {t('reports.door.none')}
        </Text>
      ) : null}
      {shows.status === 'error' || report.status === 'error' ? (
        <Alert color="red" data-testid="attendance-error">
          {errorText(t, shows.error ?? report.error)}
        </Alert>
      ) : null}
      {shows.status === 'loading' || (report.status === 'loading' && presentationId !== null) ? (
        <Skeleton height={320} radius="md" aria-busy="true" />
      ) : null}
      {report.status === 'done' && report.data ? <AttendanceDetails report={report.data} /> : null}
    </Stack>
  );
}

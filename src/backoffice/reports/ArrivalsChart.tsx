import { BarChart } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { rtlLocales } from '../../api/contract/constants.ts';
import type { Attendance } from '../../api/contract/attendance.ts';
import { useLocale } from '../../ui/useLocale.ts';

/** Minutes from the start as a signed hours:minutes label: "−0:30", "0:00", "+1:15". */
export function fromStart(minutes: number): string {
  const abs = Math.abs(minutes);
  const text = `${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
  return minutes < 0 ? `\u2212${text}` : minutes > 0 ? `+${text}` : text;
}

/**
 * First entries per 15 minutes around the start, a bar each (the sales reports' chart style). Time
 * runs from the right in Hebrew and Arabic, with the scale on the right, as in ReportChart.
 */
export function ArrivalsChart({ arrivals }: { arrivals: Attendance['arrivals'] }) {
  const { t } = useTranslation();
  const rtl = rtlLocales.has(useLocale());
  return (
    <Card withBorder padding="sm" data-testid="attendance-chart" dir="ltr">
      <Text size="sm" fw={600} mb="xs" dir="auto">
        {t('reports.door.arrivals')}
      </Text>
      {arrivals.length === 0 ? (
        <Text size="sm" c="dimmed" dir="auto" data-testid="attendance-no-arrivals">
          {t('reports.door.noArrivals')}
        </Text>
      ) : (
        <BarChart
          h={240}
          dataKey="when"
          data={arrivals.map((a) => ({ when: fromStart(a.minutes), arrived: a.arrived }))}
          series={[{ name: 'arrived', color: 'teal.6', label: t('reports.door.arrived') }]}
          xAxisLabel={t('reports.door.fromStart')}
          xAxisProps={{ reversed: rtl }}
          yAxisProps={{ orientation: rtl ? 'right' : 'left', allowDecimals: false, width: 40 }}
        />
      )}
    </Card>
  );
}

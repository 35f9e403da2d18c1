import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../api/contract/common.ts';
import type { ShowRow } from '../../api/contract/reports.ts';
import { usePhone } from '../../ui/usePhone.ts';
import { formatPermille, staffDateTime } from './format.ts';

/** One bar's words: the show, its hall and when, a line each. */
interface Bar {
  key: string;
  feature: string;
  hall: string;
  when: string;
  occupancy: number;
  valueLabel: string;
}

const GAP = 6;
const fullName = (bar: Bar) => `${bar.feature} · ${bar.hall}, ${bar.when}`;
const cut = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text);

/**
 * Attendance by show: a bar per show, named by its feature, hall and time, as the share of the hall's
 * seats sold (so a small hall and a large one compare fairly); each bar's label and tooltip give the
 * tickets out of the capacity. The chart's box is left to right; `rtl` stands the names on the right.
 */
export function ShowsChart({ rows, locale, rtl }: { rows: ShowRow[]; locale: Locale; rtl: boolean }) {
  const { t } = useTranslation();
  const phone = usePhone();
  const nameWidth = phone ? 136 : 210;
  const fontSize = phone ? 11 : 12;
  // About 0.62 em a letter (Hebrew's are wider); the rest is cut, the whole name in the tick's title.
  const chars = Math.floor((nameWidth - GAP - 4) / (fontSize * (rtl ? 0.66 : 0.6)));
  const data: Bar[] = rows.map((r) => ({
    key: String(r.presentationId),
    feature: r.feature,
    hall: r.hall,
    when: staffDateTime(r.startsAt, locale),
    occupancy: r.occupancyPermille / 10,
    // On a phone the bars need the room: the tickets out of the seats are in the tooltip and the cards.
    valueLabel: phone
      ? formatPermille(r.occupancyPermille, locale)
      : `${formatPermille(r.occupancyPermille, locale)} (${r.tickets}/${r.capacity})`,
  }));
  const byKey = new Map(data.map((d) => [d.key, d]));
  const percent = (v: number) => formatPermille(Math.round(v * 10), locale);
  return (
    <BarChart
      h={Math.max(300, data.length * 56 + 70)}
      orientation="vertical"
      dataKey="key"
      data={data}
      series={[{ name: 'occupancy', color: 'blue.6', label: t('reports.col.occupancy') }]}
      valueFormatter={percent}
      withBarValueLabel
      valueLabelProps={{
        dataKey: 'valueLabel',
        content: (props: LabelBox) => <ValueLabel {...props} rtl={rtl} fontSize={fontSize} />,
      }}
      barChartProps={{
        margin: { bottom: 30, ...(rtl ? { left: phone ? 44 : 84 } : { right: phone ? 44 : 84 }) },
      }}
      xAxisProps={{ reversed: rtl, domain: [0, 100], ticks: [0, 25, 50, 75, 100] }}
      xAxisLabel={t('reports.col.occupancy')}
      yAxisProps={{
        orientation: rtl ? 'right' : 'left',
        width: nameWidth,
        interval: 0,
        tick: (props: { x: number | string; y: number | string; payload: { value: unknown } }) => (
          <NameTick
            x={Number(props.x)}
            y={Number(props.y)}
            bar={byKey.get(String(props.payload.value))}
            chars={chars}
            rtl={rtl}
            fontSize={fontSize}
          />
        ),
      }}
      tooltipProps={{
        labelFormatter: (key: unknown) => {
          const bar = byKey.get(String(key));
          return bar ? fullName(bar) : '';
        },
      }}
      data-testid="reports-shows-chart"
    />
  );
}

/** A bar's name beside it: feature, hall and time, a line each (cut to fit, whole in its title). */
function NameTick({
  x,
  y,
  bar,
  chars,
  rtl,
  fontSize,
}: {
  x: number;
  y: number;
  bar: Bar | undefined;
  chars: number;
  rtl: boolean;
  fontSize: number;
}) {
  if (!bar) return null;
  // The names stand outside the bars: ending at the axis on the left, starting from it on the right.
  const at = rtl ? x + GAP : x - GAP;
  return (
    <text
      x={at}
      y={y}
      textAnchor="end"
      direction={rtl ? 'rtl' : 'ltr'}
      fontSize={fontSize}
      fill="currentColor"
      data-testid="reports-bar-name"
    >
      <title>{fullName(bar)}</title>
      <tspan x={at} dy="-0.9em" fontWeight={600}>
        {cut(bar.feature, chars)}
      </tspan>
      <tspan x={at} dy="1.2em">
        {cut(bar.hall, chars)}
      </tspan>
      <tspan x={at} dy="1.2em" fillOpacity={0.7}>
        {bar.when}
      </tspan>
    </text>
  );
}

interface LabelBox {
  viewBox?: unknown;
  value?: unknown;
}

/**
 * A bar's value just past its end, whichever way the bar runs: right to left the bars grow leftwards
 * from the names, so even an empty bar's label stays off them.
 */
function ValueLabel({ viewBox, value, rtl, fontSize }: LabelBox & { rtl: boolean; fontSize: number }) {
  const box = viewBox as { x?: number; y?: number; width?: number; height?: number } | undefined;
  if (!box || box.x === undefined || box.y === undefined) return null;
  const [x, width, y, height] = [box.x, box.width ?? 0, box.y, box.height ?? 0];
  const end = rtl ? Math.min(x, x + width) - 4 : Math.max(x, x + width) + 4;
  return (
    <text
      x={end}
      y={y + height / 2}
      textAnchor={rtl ? 'end' : 'start'}
      dominantBaseline="central"
      fontSize={fontSize}
      fill="var(--mantine-color-text)"
      className="reports-bar-value"
    >
      {String(value)}
    </text>
  );
}

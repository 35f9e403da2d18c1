import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatKind } from '../../workers/seatplan/model.ts';
import type { SeatColors } from './palette.ts';

export type LegendMode = 'full' | 'compact' | 'none';

const KINDS: SeatKind[] = [
  'available',
  'premium',
  'accessible',
  'companion',
  'limitedView',
  'selected',
  'taken',
];
const COMPACT: SeatKind[] = ['available', 'selected', 'taken'];

/** The same shapes the map draws, so the legend explains shape as well as colour. */
export function SeatShape({
  kind,
  colors,
  size = 14,
}: {
  kind: SeatKind;
  colors: SeatColors;
  size?: number;
}) {
  const fill = kind === 'selected' ? colors.selected : kind === 'taken' ? colors.taken : colors.default;
  const c = 8;
  let shape;
  switch (kind) {
    case 'premium':
      shape = <polygon points="8,0.5 15.5,8 8,15.5 0.5,8" fill={fill} />;
      break;
    case 'taken':
      shape = <circle cx={c} cy={c} r={3.6} fill={fill} />;
      break;
    case 'selected':
      shape = (
        <>
          <circle cx={c} cy={c} r={7.5} fill={fill} />
          <circle cx={c} cy={c} r={2.8} fill="#fff" />
        </>
      );
      break;
    case 'accessible':
      shape = <rect x={1} y={1} width={14} height={14} rx={3} fill={fill} />;
      break;
    case 'limitedView':
      shape = (
        <>
          <circle cx={c} cy={c} r={7.5} fill={fill} />
          <rect x={0} y={6.7} width={16} height={2.6} fill="#fff" />
        </>
      );
      break;
    case 'companion':
      shape = <circle cx={c} cy={c} r={5.9} fill="none" stroke={fill} strokeWidth={3.2} />;
      break;
    default:
      shape = <circle cx={c} cy={c} r={7.5} fill={fill} />;
  }
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden focusable="false">
      {shape}
    </svg>
  );
}

/** A legend: a list of chips, one line on a wide screen, wrapping on a narrow one. */
function LegendList({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Group
      gap="sm"
      component="ul"
      aria-label={label}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      data-testid={testId}
    >
      {children}
    </Group>
  );
}

export function SeatLegend({ colors, mode }: { colors: SeatColors; mode: LegendMode }) {
  const { t } = useTranslation();
  if (mode === 'none') return null;
  return (
    <LegendList label={t('seatmap.legend')} testId="seat-legend">
      {(mode === 'full' ? KINDS : COMPACT).map((kind) => (
        <Group key={kind} gap={6} component="li" wrap="nowrap">
          <SeatShape kind={kind} colors={colors} />
          <Text size="xs">{t(`seatmap.kind.${kind}`)}</Text>
        </Group>
      ))}
    </LegendList>
  );
}

/**
 * Colour → price, where the map colours seats by price level: one chip per level, in the colours the map
 * draws them (the colour scheme's own where the venue sets them).
 */
export function PriceLegend({
  levels,
  priceOf,
}: {
  levels: ReadonlyArray<readonly [number, string]>;
  priceOf: (ticketGroup: number) => string | null;
}) {
  const { t } = useTranslation();
  const chips = levels
    .map(([tg, color]) => ({ tg, color, price: priceOf(tg) }))
    .filter((c): c is { tg: number; color: string; price: string } => c.price !== null);
  if (chips.length === 0) return null;
  return (
    <LegendList label={t('seatmap.priceLegend')} testId="price-legend">
      {chips.map((c) => (
        <Group key={c.tg} gap={6} component="li" wrap="nowrap">
          <svg width={14} height={14} viewBox="0 0 16 16" aria-hidden focusable="false">
            <circle cx={8} cy={8} r={7.5} fill={c.color} />
          </svg>
          <Text size="xs" fw={600}>
            {c.price}
          </Text>
        </Group>
      ))}
    </LegendList>
  );
}

import { ActionIcon, Box, Paper, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SeatDescription } from '../../workers/seatplan/engine.ts';
import { seatText } from '../domain/seatPlace.ts';
import { useTranslate } from '../ui/useTranslate.ts';
import type { ScreenRect } from './index.ts';

/** The small parts drawn around and over the seat map (SeatMap.tsx). */

/** The seat under the pointer, where it is on the canvas, and the owner's remark on it. */
export interface Hover {
  seat: SeatDescription;
  x: number;
  y: number;
  note: string | null;
}

export function Control(props: { label: string; onClick: () => void; glyph: string; pressed?: boolean }) {
  return (
    <Tooltip label={props.label} withArrow>
      <ActionIcon
        variant={props.pressed ? 'filled' : 'default'}
        size="lg"
        aria-label={props.label}
        aria-pressed={props.pressed}
        onClick={props.onClick}
      >
        <span aria-hidden>{props.glyph}</span>
      </ActionIcon>
    </Tooltip>
  );
}

/** The rectangle being dragged to select seats. */
export function Band({ rect }: { rect: ScreenRect }) {
  return (
    <Box
      pos="absolute"
      left={Math.min(rect.x0, rect.x1)}
      top={Math.min(rect.y0, rect.y1)}
      w={Math.abs(rect.x1 - rect.x0)}
      h={Math.abs(rect.y1 - rect.y0)}
      style={{
        border: '2px dashed var(--mantine-color-yellow-4)',
        background: 'rgba(250, 204, 21, 0.12)',
        pointerEvents: 'none',
        zIndex: 2,
      }}
      data-testid="seat-map-band"
    />
  );
}

export function SeatTooltip({
  hover,
  priceOf,
}: {
  hover: Hover;
  priceOf?: ((tg: number) => string | null) | undefined;
}) {
  const { t } = useTranslation();
  const tr = useTranslate();
  const { seat } = hover;
  const price = priceOf?.(seat.ticketGroup);
  return (
    <Paper
      shadow="md"
      p="xs"
      withBorder
      pos="absolute"
      style={{ left: hover.x + 14, top: hover.y + 14, pointerEvents: 'none', zIndex: 3, minWidth: 140 }}
      data-testid="seat-tooltip"
    >
      <Text size="sm" fw={700}>
        {seatText(tr, seat)}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`seatmap.kind.${seat.kind}`)}
        {price ? ` · ${price}` : ''}
      </Text>
      {hover.note ? (
        <Text size="xs" c="orange.8" fw={600} maw={220} data-testid="seat-tooltip-note">
          {hover.note}
        </Text>
      ) : null}
    </Paper>
  );
}

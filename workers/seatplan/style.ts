import { KIND_CODE, type PlanData, SEAT_STATE, seatKind } from './model.ts';

/** The colour scheme of the seat map (shop settings): background, screen, rows, selected, default, taken. */
export interface SeatColors {
  background: string;
  screen: string;
  rows: string;
  selected: string;
  default: string;
  taken: string;
}

export type ColorMode = 'ticketGroup' | 'status';

export const DEFAULT_COLORS: SeatColors = {
  background: '#0f172a',
  screen: '#e2e8f0',
  rows: '#94a3b8',
  selected: '#22c55e',
  default: '#3b82f6',
  taken: '#475569',
};

/** Price-level colours, distinct on the dark background and for common colour-vision deficiencies. */
const LEVEL_COLORS = ['#3b82f6', '#f59e0b', '#a855f7', '#14b8a6', '#ec4899', '#84cc16', '#f97316', '#06b6d4'];

export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return [128, 128, 128];
  const v = Number.parseInt(m[1]!, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Ticket group → colour, in the order of the group ids. */
export function levelColors(ticketGroups: Iterable<number>, colors: SeatColors): Map<number, string> {
  const ids = [...new Set(ticketGroups)].sort((a, b) => a - b);
  const out = new Map<number, string>();
  ids.forEach((id, i) => out.set(id, i === 0 ? colors.default : LEVEL_COLORS[i % LEVEL_COLORS.length]!));
  return out;
}

export interface StylePalette {
  mode: ColorMode;
  selected: Rgb;
  taken: Rgb;
  default: Rgb;
  levels: Map<number, Rgb>;
}

export function makeStylePalette(
  colors: SeatColors,
  levels: Map<number, string>,
  mode: ColorMode,
): StylePalette {
  return {
    mode,
    selected: hexToRgb(colors.selected),
    taken: hexToRgb(colors.taken),
    default: hexToRgb(colors.default),
    levels: new Map([...levels].map(([k, v]) => [k, hexToRgb(v)])),
  };
}

/** Writes the 4 style bytes of seat i (r, g, b, kind code) into `out`. */
export function writeStyle(
  out: Uint8Array,
  i: number,
  flags: number,
  state: number,
  ticketGroup: number,
  p: StylePalette,
): void {
  const kind = seatKind(flags, state as 0 | 1 | 2);
  const rgb =
    state === SEAT_STATE.selected
      ? p.selected
      : state === SEAT_STATE.taken
        ? p.taken
        : p.mode === 'ticketGroup'
          ? (p.levels.get(ticketGroup) ?? p.default)
          : p.default;
  const o = i * 4;
  out[o] = rgb[0];
  out[o + 1] = rgb[1];
  out[o + 2] = rgb[2];
  out[o + 3] = KIND_CODE[kind];
}

/** The 4 style bytes of every seat, built where the plan is parsed (the worker). */
export function buildStyle(data: PlanData, state: Uint8Array, palette: StylePalette): Uint8Array {
  const out = new Uint8Array(data.count * 4);
  for (let i = 0; i < data.count; i++)
    writeStyle(out, i, data.flags[i]!, state[i]!, data.ticketGroup[i]!, palette);
  return out;
}

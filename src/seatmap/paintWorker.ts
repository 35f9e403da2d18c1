/**
 * The tile painter's worker, started by the render worker: it paints tiles on the CPU (Canvas 2D on an
 * OffscreenCanvas) and hands each over as an ImageBitmap, so painting never holds up a frame.
 */
import { expose, transfer } from 'comlink';
import type { RenderData } from '../../workers/seatplan/engine.ts';
import type { SeatColors, StylePalette } from './palette.ts';
import { TilePainter, warmPainter } from './tilePainter.ts';

let painter: TilePainter | null = null;
const need = () => {
  if (!painter) throw new Error('the paint worker has no plan yet');
  return painter;
};

const api = {
  /** Sets up Canvas 2D (its first context and bitmap cost tens of milliseconds) before a plan needs it. */
  warm(): void {
    const canvas = new OffscreenCanvas(64, 64);
    const ctx = canvas.getContext('2d', { alpha: false, willReadFrequently: true })!;
    ctx.fillRect(0, 0, 64, 64);
    ctx.beginPath();
    ctx.arc(32, 32, 8, 0, Math.PI * 2);
    ctx.fill();
    canvas.transferToImageBitmap().close();
    warmPainter();
  },
  setPlan(
    data: RenderData,
    state: Uint8Array,
    palette: StylePalette,
    colors: SeatColors,
    resolution: number,
  ) {
    painter = new TilePainter(data, state, palette, colors, resolution);
  },
  updateStates: (changed: ArrayLike<number>, states: ArrayLike<number>) =>
    need().updateStates(changed, states),
  setPalette: (palette: StylePalette) => need().setPalette(palette),
  paint(z: number, tx: number, ty: number): ImageBitmap {
    const bitmap = need().paint(z, tx, ty) as ImageBitmap;
    return transfer(bitmap, [bitmap]);
  },
};

export type PaintApi = typeof api;

expose(api);

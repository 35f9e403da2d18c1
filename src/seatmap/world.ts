import { CanvasSource, ImageSource, Texture } from 'pixi.js';
import type { RenderData } from '../../workers/seatplan/engine.ts';
import { type SeatColors, type StylePalette, writeStyle } from './palette.ts';
import { TilePainter } from './tilePainter.ts';

/** A drawn tile: its texture, and the bitmap behind it (released with it). */
export interface Tile {
  texture: Texture;
  release(): void;
}

/**
 * The plan as the scene knows it: the seats' states and style bytes (kept here, in the render worker),
 * and the painter that draws its tiles.
 */
export class World {
  readonly data: RenderData;
  readonly state: Uint8Array;
  private palette: StylePalette;
  private readonly painter: TilePainter;

  constructor(
    data: RenderData,
    state: Uint8Array,
    palette: StylePalette,
    colors: SeatColors,
    resolution: number,
  ) {
    this.data = data;
    this.state = state;
    this.palette = palette;
    this.painter = new TilePainter(data, state, palette, colors, resolution);
  }

  /** Whether level z shows seats (or section shapes). */
  showsSeats(z: number): boolean {
    return this.painter.showsSeats(z);
  }

  /** New states for some seats: their style bytes follow. */
  updateStates(changed: ArrayLike<number>, states: ArrayLike<number>): void {
    const d = this.data;
    for (let k = 0; k < changed.length; k++) {
      const i = changed[k]!;
      this.state[i] = states[k]!;
      writeStyle(d.style, i, d.flags[i]!, this.state[i]!, d.ticketGroup[i]!, this.palette);
    }
    this.painter.statesChanged();
  }

  setPalette(palette: StylePalette): void {
    this.palette = palette;
    const d = this.data;
    for (let i = 0; i < d.count; i++)
      writeStyle(d.style, i, d.flags[i]!, this.state[i]!, d.ticketGroup[i]!, palette);
    this.painter.restyled(palette);
  }

  /** Paints tile (z, tx, ty) on the CPU and wraps it in a texture (uploaded when first drawn). */
  drawTile(z: number, tx: number, ty: number): Tile {
    const picture = this.painter.paint(z, tx, ty);
    const source =
      typeof ImageBitmap !== 'undefined' && picture instanceof ImageBitmap
        ? new ImageSource({ resource: picture, scaleMode: 'linear' })
        : new CanvasSource({ resource: picture as HTMLCanvasElement, scaleMode: 'linear' });
    const texture = new Texture({ source });
    return {
      texture,
      release() {
        texture.destroy(true);
        if (picture instanceof ImageBitmap) picture.close();
      },
    };
  }
}

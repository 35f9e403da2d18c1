import type { RenderData } from '../../workers/seatplan/engine.ts';
import { SEAT_STATE } from '../../workers/seatplan/model.ts';
import { sectionShade, sectionShares } from '../../workers/seatplan/summary.ts';
import {
  DEFAULT_COLORS,
  makeStylePalette,
  type SeatColors,
  type StylePalette,
  writeStyle,
} from './palette.ts';
import { SEAT_REACH, TILE_PX } from './tiles.ts';

/** Below this on-screen seat radius (CSS px) a tile shows section shapes; from it, seats. */
export const SEATS_FROM_PX = 2;

/** Whether tiles of level z show seats (or section shapes), on a screen of this resolution. */
export const levelShowsSeats = (seatRadius: number, z: number, resolution: number) =>
  (seatRadius * 2 ** z) / resolution >= SEATS_FROM_PX;

type Ctx2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
type Stamp = OffscreenCanvas | HTMLCanvasElement;
/** A stamp as drawn from: a bitmap where one can be made (drawn without a snapshot of a canvas each time). */
type Picture = Stamp | ImageBitmap;

const newCanvas = (w: number, h: number): Stamp =>
  typeof OffscreenCanvas !== 'undefined'
    ? new OffscreenCanvas(w, h)
    : Object.assign(document.createElement('canvas'), { width: w, height: h });

/**
 * Seats bucketed in a uniform grid (about 32 per cell), so a tile finds its seats without a scan of the
 * plan: a counting sort of seat indices by cell.
 */
export class SeatBuckets {
  readonly cell: number;
  readonly cols: number;
  readonly rows: number;
  private readonly minX: number;
  private readonly minY: number;
  private readonly start: Uint32Array;
  private readonly seats: Uint32Array;

  constructor(d: RenderData) {
    const b = d.bounds;
    const w = Math.max(1e-6, b.maxX - b.minX);
    const h = Math.max(1e-6, b.maxY - b.minY);
    this.cell = Math.max(Math.sqrt((w * h * 32) / Math.max(1, d.count)), d.seatRadius * 4);
    this.minX = b.minX;
    this.minY = b.minY;
    this.cols = Math.max(1, Math.ceil(w / this.cell) + 1);
    this.rows = Math.max(1, Math.ceil(h / this.cell) + 1);
    const cells = this.cols * this.rows;
    const of = new Uint32Array(d.count);
    this.start = new Uint32Array(cells + 1);
    for (let i = 0; i < d.count; i++) {
      const c = this.cellOf(d.x[i]!, d.y[i]!);
      of[i] = c;
      this.start[c + 1]!++;
    }
    for (let c = 0; c < cells; c++) this.start[c + 1]! += this.start[c]!;
    const fill = this.start.slice(0, cells);
    this.seats = new Uint32Array(d.count);
    for (let i = 0; i < d.count; i++) this.seats[fill[of[i]!]!++] = i;
  }

  private cellOf(x: number, y: number): number {
    const cx = Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.minX) / this.cell)));
    const cy = Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.minY) / this.cell)));
    return cy * this.cols + cx;
  }

  /** Calls `f` with every seat whose cell touches the rectangle (a superset of the seats inside it). */
  forEachNear(minX: number, minY: number, maxX: number, maxY: number, f: (i: number) => void): void {
    const x0 = Math.max(0, Math.floor((minX - this.minX) / this.cell));
    const x1 = Math.min(this.cols - 1, Math.floor((maxX - this.minX) / this.cell));
    const y0 = Math.max(0, Math.floor((minY - this.minY) / this.cell));
    const y1 = Math.min(this.rows - 1, Math.floor((maxY - this.minY) / this.cell));
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const c = cy * this.cols + cx;
        for (let k = this.start[c]!; k < this.start[c + 1]!; k++) f(this.seats[k]!);
      }
    }
  }
}

/**
 * Paints tiles of the plan on the CPU with Canvas 2D (in the render worker): the stage, section shapes
 * shaded by what is still free (far levels), or every seat from a stamp per style (near levels). Seat
 * kinds differ by shape, not colour alone: available ●, premium ◆, taken small ·, selected ◉,
 * accessible ■, limited view ⊖, companion ○. A software GPU draws the same 8,000 seats in hundreds of
 * milliseconds; this takes a few.
 */
export class TilePainter {
  private readonly d: RenderData;
  private readonly state: Uint8Array;
  private readonly colors: SeatColors;
  private readonly resolution: number;
  private readonly buckets: SeatBuckets;
  private readonly canvas: Stamp;
  private readonly ctx: Ctx2D;
  /** Per seat radius in device pixels: style (r, g, b, kind) → stamp. */
  private stamps = new Map<number, Map<number, Picture>>();
  private palette: StylePalette;
  /** Each section's fill and opacity, worked out again after a change. */
  private shades: Array<{ fill: string; alpha: number }> | null = null;

  constructor(
    d: RenderData,
    state: Uint8Array,
    palette: StylePalette,
    colors: SeatColors,
    resolution: number,
  ) {
    this.d = d;
    this.state = state;
    this.palette = palette;
    this.colors = colors;
    this.resolution = resolution;
    this.buckets = new SeatBuckets(d);
    this.canvas = newCanvas(TILE_PX, TILE_PX);
    // willReadFrequently: a CPU canvas (Chrome would otherwise raster on the GPU, software or not).
    this.ctx = this.canvas.getContext('2d', { alpha: false, willReadFrequently: true }) as Ctx2D;
  }

  /** Whether level z shows seats (or section shapes). */
  showsSeats(z: number): boolean {
    return levelShowsSeats(this.d.seatRadius, z, this.resolution);
  }

  /** New states for some seats: their style bytes and the sections' shading follow. */
  updateStates(changed: ArrayLike<number>, states: ArrayLike<number>): void {
    const d = this.d;
    for (let k = 0; k < changed.length; k++) {
      const i = changed[k]!;
      this.state[i] = states[k]!;
      writeStyle(d.style, i, d.flags[i]!, this.state[i]!, d.ticketGroup[i]!, this.palette);
    }
    this.shades = null;
  }

  /** Another palette: every seat's style, new stamps and section colours. */
  setPalette(palette: StylePalette): void {
    this.palette = palette;
    const d = this.d;
    for (let i = 0; i < d.count; i++)
      writeStyle(d.style, i, d.flags[i]!, this.state[i]!, d.ticketGroup[i]!, palette);
    this.dropStamps();
    this.shades = null;
  }

  /** Forgets the stamps, letting their bitmaps go at once. */
  private dropStamps(): void {
    for (const level of this.stamps.values())
      for (const stamp of level.values()) if ('close' in stamp) stamp.close();
    this.stamps.clear();
  }

  /** Each section's shade (summary.ts `sectionShade`), worked out again after a change. */
  private sectionShades(): Array<{ fill: string; alpha: number }> {
    this.shades ??= sectionShares(this.d.sections, this.d.ticketGroup, this.state).map((share) =>
      sectionShade(share, this.palette, this.colors),
    );
    return this.shades;
  }

  /** Paints tile (z, tx, ty) and hands it over as a bitmap (the scene uploads it as a texture). */
  paint(z: number, tx: number, ty: number): ImageBitmap | Stamp {
    const ctx = this.ctx;
    const scale = 2 ** z;
    const ox = tx * TILE_PX;
    const oy = ty * TILE_PX;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = this.colors.background;
    ctx.fillRect(0, 0, TILE_PX, TILE_PX);
    ctx.setTransform(scale, 0, 0, scale, -ox, -oy);
    this.paintStage(ctx);
    if (this.showsSeats(z)) this.paintSeats(ctx, scale, ox, oy);
    else this.paintSections(ctx, scale);
    if ('transferToImageBitmap' in this.canvas) return this.canvas.transferToImageBitmap();
    const copy = newCanvas(TILE_PX, TILE_PX);
    (copy.getContext('2d') as Ctx2D).drawImage(this.canvas, 0, 0);
    return copy;
  }

  private paintStage(ctx: Ctx2D): void {
    const s = this.d.stage;
    if (!s) return;
    ctx.globalAlpha = s.kind === 'field' ? 0.35 : 0.9;
    ctx.fillStyle = this.colors.screen;
    ctx.beginPath();
    ctx.roundRect(s.x, s.y, s.width, s.height, Math.min(s.width, s.height) * 0.2);
    ctx.fill();
    ctx.globalAlpha = 1;
  }

  /** Section shapes, shaded by price level and by how much of the section is still free. */
  private paintSections(ctx: Ctx2D, scale: number): void {
    const d = this.d;
    const shades = this.sectionShades();
    ctx.lineWidth = 1 / scale;
    ctx.strokeStyle = this.colors.rows;
    d.sections.forEach((s, k) => {
      if (s.hull.length < 6) return;
      ctx.beginPath();
      ctx.moveTo(s.hull[0]!, s.hull[1]!);
      for (let j = 2; j < s.hull.length; j += 2) ctx.lineTo(s.hull[j]!, s.hull[j + 1]!);
      ctx.closePath();
      ctx.globalAlpha = shades[k]!.alpha;
      ctx.fillStyle = shades[k]!.fill;
      ctx.fill();
      ctx.globalAlpha = 0.6;
      ctx.stroke();
    });
    ctx.globalAlpha = 1;
  }

  private paintSeats(ctx: Ctx2D, scale: number, ox: number, oy: number): void {
    const d = this.d;
    const style = d.style;
    const r = d.seatRadius * scale;
    // Seats whose stamp (at most 2 radii from the centre) reaches into the tile.
    const reach = d.seatRadius * SEAT_REACH;
    const size = TILE_PX / scale;
    const wx = ox / scale;
    const wy = oy / scale;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const rKey = Math.round(r * 4);
    let stamps = this.stamps.get(rKey);
    if (!stamps) {
      if (this.stamps.size > 8) this.dropStamps();
      this.stamps.set(rKey, (stamps = new Map()));
    }
    const half = Math.ceil(r) + 1;
    this.buckets.forEachNear(wx - reach, wy - reach, wx + size + reach, wy + size + reach, (i) => {
      const o = i * 4;
      const key = (style[o]! << 24) | (style[o + 1]! << 16) | (style[o + 2]! << 8) | style[o + 3]!;
      let stamp = stamps.get(key);
      if (!stamp)
        stamps.set(key, (stamp = seatStamp(r, half, style[o]!, style[o + 1]!, style[o + 2]!, style[o + 3]!)));
      ctx.drawImage(stamp, Math.round(d.x[i]! * scale - ox) - half, Math.round(d.y[i]! * scale - oy) - half);
    });
  }
}

/**
 * Paints a made-up plan once (a grid of seats, then its section), before any plan comes: the first real
 * tile then pays neither for compiling the painting code nor for the canvas's first draws (a tile of
 * 7,000 seats took 53 ms cold and 7 ms warm on a 2-core machine).
 */
export function warmPainter(): void {
  const cols = 60;
  const count = cols * 40;
  const x = new Float32Array(count).map((_, i) => (i % cols) * 10);
  const y = new Float32Array(count).map((_, i) => Math.floor(i / cols) * 10);
  const d: RenderData = {
    count,
    x,
    y,
    px: Int32Array.from(x),
    py: Int32Array.from(y),
    flags: new Uint8Array(count),
    ticketGroup: new Uint32Array(count).fill(1),
    section: new Uint16Array(count),
    row: new Uint32Array(count),
    rows: [],
    sections: [
      {
        id: 1,
        name: '',
        start: 0,
        end: count,
        minX: 0,
        minY: 0,
        maxX: 600,
        maxY: 400,
        hull: [0, 0, 600, 0, 600, 400, 0, 400],
      },
    ],
    seatRadius: 4,
    bounds: { minX: 0, minY: 0, maxX: 600, maxY: 400 },
    stage: { kind: 'stage', x: 200, y: -40, width: 200, height: 20 },
    name: '',
    style: new Uint8Array(count * 4),
    levels: [],
  };
  const state = new Uint8Array(count).map((_, i) => (i % 7 === 0 ? SEAT_STATE.taken : SEAT_STATE.available));
  const palette = makeStylePalette(DEFAULT_COLORS, new Map(), 'ticketGroup');
  for (let i = 0; i < count; i++) writeStyle(d.style, i, 0, state[i]!, 1, palette);
  const painter = new TilePainter(d, state, palette, DEFAULT_COLORS, 1);
  for (const z of [0, -4]) {
    const picture = painter.paint(z, 0, 0);
    if ('close' in picture) picture.close();
  }
}

/** One seat drawn once at radius r (device px) in a (2·half)² canvas, centred. */
function seatStamp(r: number, half: number, red: number, green: number, blue: number, kind: number): Picture {
  const c = newCanvas(half * 2, half * 2);
  const g = c.getContext('2d', { willReadFrequently: true }) as Ctx2D;
  const color = `rgb(${red},${green},${blue})`;
  g.translate(half, half);
  g.fillStyle = color;
  g.strokeStyle = color;
  g.beginPath();
  switch (kind) {
    case 1: // premium: diamond
      g.moveTo(0, -r * 1.15);
      g.lineTo(r * 1.15, 0);
      g.lineTo(0, r * 1.15);
      g.lineTo(-r * 1.15, 0);
      g.closePath();
      g.fill();
      break;
    case 2: // taken: small dot
      g.arc(0, 0, Math.max(0.75, r * 0.45), 0, Math.PI * 2);
      g.fill();
      break;
    case 3: // selected: disc with a white centre
      g.arc(0, 0, r, 0, Math.PI * 2);
      g.fill();
      g.beginPath();
      g.fillStyle = '#ffffff';
      g.arc(0, 0, r * 0.38, 0, Math.PI * 2);
      g.fill();
      break;
    case 4: // accessible: rounded square
      g.roundRect(-r * 0.9, -r * 0.9, r * 1.8, r * 1.8, r * 0.3);
      g.fill();
      break;
    case 5: // limited view: disc with a bar across
      g.arc(0, 0, r, 0, Math.PI * 2);
      g.fill();
      g.globalCompositeOperation = 'destination-out';
      g.fillRect(-r, -r * 0.16, r * 2, r * 0.32);
      break;
    case 6: // companion: ring
      g.lineWidth = r * 0.5;
      g.arc(0, 0, r * 0.74, 0, Math.PI * 2);
      g.stroke();
      break;
    default: // available: disc
      g.arc(0, 0, r, 0, Math.PI * 2);
      g.fill();
  }
  // An immutable bitmap: drawing a canvas copies its pixels first, every time (thousands per tile).
  return 'transferToImageBitmap' in c ? c.transferToImageBitmap() : c;
}

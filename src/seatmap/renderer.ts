import { Application, BitmapText, Container, Graphics } from 'pixi.js';
import type { RenderData } from '../../workers/seatplan/engine.ts';
import { SEAT_STATE } from '../../workers/seatplan/model.ts';
import {
  type Camera,
  clampCamera,
  fitCamera,
  intersects,
  panBy,
  type Rect,
  visibleRect,
  worldToScreen,
  zoomAt,
} from './camera.ts';
import { hexToRgb, type SeatColors, type StylePalette, writeStyle } from './palette.ts';
import { SeatLayer } from './seatLayer.ts';

/** Below this on-screen seat radius (px) sections are drawn as shapes; above it, seats. */
const SEATS_FROM_PX = 2;
/** From this on-screen seat radius (px), row labels appear. */
const ROW_LABELS_FROM_PX = 5;
const MAX_ROW_LABELS = 160;

const LABEL_STYLE_SECTION = { fontSize: 12, fontFamily: 'system-ui, sans-serif', fontWeight: '600' } as const;
const LABEL_STYLE_ROW = { fontSize: 11, fontFamily: 'system-ui, sans-serif' } as const;

/** A one-seat plan for warming up the seat shader. */
function oneSeat(): RenderData {
  return {
    count: 1,
    x: new Float32Array(1),
    y: new Float32Array(1),
    px: new Int32Array(1),
    py: new Int32Array(1),
    flags: new Uint8Array(1),
    ticketGroup: new Uint32Array(1),
    section: new Uint16Array(1),
    row: new Uint32Array(1),
    rows: [{ name: '', sectionIndex: 0, start: 0, end: 1 }],
    sections: [{ id: 0, name: '', start: 0, end: 1, minX: 0, minY: 0, maxX: 1, maxY: 1, hull: [] }],
    seatRadius: 1,
    bounds: { minX: 0, minY: 0, maxX: 1, maxY: 1 },
    stage: null,
    name: '',
    positions: new Float32Array(2),
    style: new Uint8Array(4),
    levels: [],
  };
}

/** Rewrites the style bytes of the given seats (all seats with `all`) in the shared style array. */
function restyleSeats(
  d: RenderData,
  changed: ArrayLike<number>,
  state: Uint8Array,
  p: StylePalette,
  all = false,
): void {
  const n = all ? d.count : changed.length;
  for (let k = 0; k < n; k++) {
    const i = all ? k : changed[k]!;
    writeStyle(d.style, i, d.flags[i]!, state[i]!, d.ticketGroup[i]!, p);
  }
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const rgbNumber = (hex: string) => {
  const [r, g, b] = hexToRgb(hex);
  return (r << 16) | (g << 8) | b;
};

/**
 * The one place that creates the Pixi application. Draws the plan in layers: stage, section shapes
 * (far), seats (near), row and section labels, and the hover/focus marks; renders on demand only, so an
 * idle map costs nothing and a pan costs one frame of the visible chunks.
 */
export class SeatMapRenderer {
  readonly app: Application;
  private readonly world = new Container({ label: 'world', eventMode: 'none' });
  private readonly overlay = new Container({ label: 'overlay', eventMode: 'none' });
  private readonly stageLayer = new Graphics();
  private readonly sectionLayer = new Graphics();
  private sectionsDirty = false;
  private readonly sectionLabels = new Container();
  private readonly rowLabels = new Container();
  private readonly marks = new Graphics();
  private seats: SeatLayer | null = null;
  private data: RenderData | null = null;
  private state: Uint8Array = new Uint8Array(0);
  private palette: StylePalette | null = null;
  private colors: SeatColors;
  private cam: Camera = { scale: 1, x: 0, y: 0 };
  private frameRequested = false;
  private hover = -1;
  private focus = -1;
  private readonly rowLabelPool: BitmapText[] = [];
  private readonly sectionLabelTexts: BitmapText[] = [];
  /** Called after each rendered frame. */
  onFrame: (() => void) | null = null;

  private constructor(app: Application, colors: SeatColors) {
    this.app = app;
    this.colors = colors;
    this.world.addChild(this.stageLayer, this.sectionLayer);
    this.overlay.addChild(this.sectionLabels, this.rowLabels, this.marks);
    app.stage.addChild(this.world, this.overlay);
  }

  static async create(container: HTMLElement, colors: SeatColors): Promise<SeatMapRenderer> {
    const app = new Application();
    await app.init({
      width: Math.max(1, container.clientWidth),
      height: Math.max(1, container.clientHeight),
      background: colors.background,
      antialias: false,
      autoStart: false,
      sharedTicker: false,
      preference: 'webgl',
      resolution: Math.min(globalThis.devicePixelRatio || 1, 2),
      autoDensity: true,
      powerPreference: 'high-performance',
    });
    app.ticker.stop();
    const canvas = app.canvas;
    canvas.style.display = 'block';
    canvas.style.touchAction = 'none';
    container.appendChild(canvas);
    const renderer = new SeatMapRenderer(app, colors);
    await renderer.warmUp();
    return renderer;
  }

  /**
   * Compiles the shaders and builds the label font while the worker is still parsing the plan, so the
   * first frame of the plan does not pay for them (software WebGL compiles slowly). One step per task,
   * so no single task is long.
   */
  private async warmUp(): Promise<void> {
    const glyphs = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ·-';
    const steps = [
      () =>
        new Graphics()
          .poly([0, 0, 4, 0, 4, 4], true)
          .fill({ color: 0xffffff, alpha: 0.01 })
          .stroke({ color: 0xffffff, width: 1, alpha: 0.01 }),
      () => new BitmapText({ text: glyphs, style: { ...LABEL_STYLE_SECTION, fill: this.colors.screen } }),
      () => new BitmapText({ text: glyphs, style: { ...LABEL_STYLE_ROW, fill: this.colors.rows } }),
      () => new SeatLayer(oneSeat()).container,
    ];
    for (const step of steps) {
      await nextTask();
      const warm = new Container({ alpha: 0.01 });
      warm.addChild(step());
      this.app.stage.addChild(warm);
      this.app.render();
      this.app.stage.removeChild(warm);
      warm.destroy({ children: true });
    }
  }

  get canvas(): HTMLCanvasElement {
    return this.app.canvas;
  }

  get width(): number {
    // CSS pixels: Pixi v8's renderer.width is the screen's (the canvas holds resolution × as many pixels).
    return this.app.renderer.screen.width;
  }

  get height(): number {
    return this.app.renderer.screen.height;
  }

  get camera(): Camera {
    return this.cam;
  }

  get seatState(): Uint8Array {
    return this.state;
  }

  setPlan(data: RenderData, state: Uint8Array, palette: StylePalette): void {
    this.seats?.destroy();
    this.seats = null;
    this.data = data;
    this.state = state;
    this.palette = palette;
    this.drawStage();
    this.drawSections();
    this.buildSectionLabels();
    this.fit();
    // The first frame needs only sections when zoomed out; the seat meshes follow right after it.
    setTimeout(() => {
      if (this.data === data) this.ensureSeats();
    }, 0);
  }

  private ensureSeats(): SeatLayer {
    if (!this.seats) {
      this.seats = new SeatLayer(this.data!);
      this.world.addChildAt(this.seats.container, 2);
      this.requestFrame();
    }
    return this.seats;
  }

  /** Applies seat state changes (status update, selection) to the drawing. */
  updateStates(changed: ArrayLike<number>, states: ArrayLike<number>): void {
    if (!this.data || !this.palette) return;
    for (let k = 0; k < changed.length; k++) this.state[changed[k]!] = states[k]!;
    restyleSeats(this.data, changed, this.state, this.palette);
    this.seats?.markDirty(changed);
    // Section shading follows availability, redrawn only when sections are on screen.
    this.sectionsDirty = true;
    this.requestFrame();
  }

  setPalette(palette: StylePalette): void {
    this.palette = palette;
    if (this.data)
      restyleSeats(this.data, { length: this.data.count } as ArrayLike<number>, this.state, palette, true);
    this.seats?.markAllDirty();
    this.requestFrame();
  }

  resize(width: number, height: number): void {
    this.app.renderer.resize(Math.max(1, width), Math.max(1, height));
    this.requestFrame();
  }

  fit(): void {
    if (!this.data) return;
    this.cam = fitCamera(this.data.bounds, this.width, this.height);
    this.requestFrame();
  }

  zoomLimits() {
    const fit = this.data ? fitCamera(this.data.bounds, this.width, this.height).scale : 1;
    const radius = this.data?.seatRadius ?? 5;
    return { min: fit * 0.5, max: Math.max(fit * 2, 48 / radius) };
  }

  zoomBy(factor: number, at?: { x: number; y: number }): void {
    const p = at ?? { x: this.width / 2, y: this.height / 2 };
    this.setCamera(zoomAt(this.cam, factor, p.x, p.y, this.zoomLimits()));
  }

  panBy(dx: number, dy: number): void {
    this.setCamera(panBy(this.cam, dx, dy));
  }

  setCamera(cam: Camera): void {
    this.cam = this.data ? clampCamera(cam, this.data.bounds, this.width, this.height) : cam;
    this.requestFrame();
  }

  /** Brings a seat into view (keyboard navigation), zooming in until seats are drawn. */
  reveal(i: number): void {
    const d = this.data;
    if (!d || i < 0) return;
    let cam = this.cam;
    if (d.seatRadius * cam.scale < ROW_LABELS_FROM_PX) {
      cam = zoomAt(
        cam,
        ROW_LABELS_FROM_PX / (d.seatRadius * cam.scale),
        this.width / 2,
        this.height / 2,
        this.zoomLimits(),
      );
    }
    const p = worldToScreen(cam, d.x[i]!, d.y[i]!);
    const m = 40;
    if (p.x < m || p.x > this.width - m || p.y < m || p.y > this.height - m) {
      cam = panBy(cam, this.width / 2 - p.x, this.height / 2 - p.y);
    }
    this.setCamera(cam);
  }

  setHover(i: number): void {
    if (i !== this.hover) {
      this.hover = i;
      this.requestFrame();
    }
  }

  setFocus(i: number): void {
    if (i !== this.focus) {
      this.focus = i;
      this.requestFrame();
    }
  }

  seatScreenPosition(i: number): { x: number; y: number } | null {
    const d = this.data;
    if (!d || i < 0 || i >= d.count) return null;
    return worldToScreen(this.cam, d.x[i]!, d.y[i]!);
  }

  requestFrame(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => {
      this.frameRequested = false;
      this.renderNow();
    });
  }

  renderNow(): void {
    this.updateView();
    this.app.render();
    this.onFrame?.();
  }

  private updateView(): void {
    const d = this.data;
    if (!d) return;
    const { scale, x, y } = this.cam;
    this.world.scale.set(scale);
    this.world.position.set(x, y);
    const seatPx = d.seatRadius * scale;
    const visible = visibleRect(this.cam, this.width, this.height);
    const showSeats = seatPx >= SEATS_FROM_PX;
    if (showSeats) this.ensureSeats();
    if (this.seats) {
      this.seats.container.visible = showSeats;
      this.seats.setView(1 / scale, visible);
    }
    // Zoomed in, the seats say it all: no full-screen blended section fills (costly in software GL).
    this.sectionLayer.visible = !showSeats;
    if (!showSeats && this.sectionsDirty) this.drawSections();
    this.sectionLabels.visible = seatPx < ROW_LABELS_FROM_PX;
    if (this.sectionLabels.visible) this.placeSectionLabels(visible);
    this.placeRowLabels(seatPx >= ROW_LABELS_FROM_PX ? visible : null);
    this.drawMarks(seatPx);
  }

  private drawStage(): void {
    const g = this.stageLayer.clear();
    const s = this.data?.stage;
    if (!s) return;
    g.roundRect(s.x, s.y, s.width, s.height, Math.min(s.width, s.height) * 0.2).fill({
      color: rgbNumber(this.colors.screen),
      alpha: s.kind === 'field' ? 0.35 : 0.9,
    });
  }

  /** Section shapes, shaded by how much of the section is still free. */
  private drawSections(): void {
    const d = this.data;
    if (!d) return;
    this.sectionsDirty = false;
    const g = this.sectionLayer.clear();
    const free = rgbNumber(this.colors.default);
    const taken = rgbNumber(this.colors.taken);
    for (const s of d.sections) {
      if (s.hull.length < 6) continue;
      let available = 0;
      for (let i = s.start; i < s.end; i++) if (this.state[i] === SEAT_STATE.available) available++;
      const share = s.end > s.start ? available / (s.end - s.start) : 0;
      g.poly(s.hull, true)
        .fill({ color: share > 0 ? free : taken, alpha: 0.25 + 0.6 * share })
        .stroke({ color: rgbNumber(this.colors.rows), width: 1, alpha: 0.6, pixelLine: true });
    }
  }

  private buildSectionLabels(): void {
    for (const t of this.sectionLabelTexts) t.destroy();
    this.sectionLabelTexts.length = 0;
    this.sectionLabels.removeChildren();
    const d = this.data;
    if (!d || d.sections.length > 400) return;
    for (const s of d.sections) {
      const t = new BitmapText({
        text: s.name,
        style: { ...LABEL_STYLE_SECTION, fill: this.colors.screen },
      });
      t.anchor.set(0.5);
      this.sectionLabelTexts.push(t);
      this.sectionLabels.addChild(t);
    }
  }

  private placeSectionLabels(visible: Rect): void {
    const d = this.data!;
    d.sections.forEach((s, k) => {
      const t = this.sectionLabelTexts[k];
      if (!t) return;
      const on = intersects(s, visible) && (s.maxX - s.minX) * this.cam.scale > t.width;
      t.visible = on;
      if (on) {
        const p = worldToScreen(this.cam, (s.minX + s.maxX) / 2, (s.minY + s.maxY) / 2);
        t.position.set(Math.round(p.x), Math.round(p.y));
      }
    });
  }

  /** Row names beside the first seat of each visible row, in screen space so they stay crisp. */
  private placeRowLabels(visible: Rect | null): void {
    let used = 0;
    // New labels are made a few dozen per frame, so zooming in never stalls on text layout.
    this.labelBudget = 40;
    const d = this.data!;
    if (visible) {
      for (const s of d.sections) {
        if (!intersects(s, visible)) continue;
        for (let r = 0; r < d.rows.length && used < MAX_ROW_LABELS; r++) {
          const row = d.rows[r]!;
          if (row.start < s.start || row.start >= s.end) continue;
          const i = row.start;
          const j = row.end - 1;
          const x = d.x[i]!;
          const y = d.y[i]!;
          if (x < visible.minX || x > visible.maxX || y < visible.minY || y > visible.maxY) continue;
          // Step outwards from the first seat, away from the row.
          const len = Math.hypot(d.x[j]! - x, d.y[j]! - y) || 1;
          const ox = ((x - d.x[j]!) / len) * d.seatRadius * 2.6;
          const oy = ((y - d.y[j]!) / len) * d.seatRadius * 2.6;
          const p = worldToScreen(this.cam, x + ox, y + oy);
          const t = this.rowLabel(used);
          if (!t) {
            this.requestFrame();
            break;
          }
          used++;
          if (t.text !== row.name) t.text = row.name;
          t.position.set(Math.round(p.x), Math.round(p.y));
          t.visible = true;
        }
      }
    }
    for (let k = used; k < this.rowLabelPool.length; k++) this.rowLabelPool[k]!.visible = false;
  }

  private labelBudget = 0;

  private rowLabel(k: number): BitmapText | null {
    let t = this.rowLabelPool[k];
    if (!t) {
      if (this.labelBudget-- <= 0) return null;
      t = new BitmapText({
        text: '',
        style: { ...LABEL_STYLE_ROW, fill: this.colors.rows },
      });
      t.anchor.set(0.5);
      this.rowLabelPool.push(t);
      this.rowLabels.addChild(t);
    }
    return t;
  }

  private drawMarks(seatPx: number): void {
    const g = this.marks.clear();
    const d = this.data!;
    const r = Math.max(seatPx, 3) + 3;
    for (const [i, color, width] of [
      [this.hover, 0xffffff, 2],
      [this.focus, 0xfacc15, 3],
    ] as const) {
      if (i < 0 || i >= d.count) continue;
      const p = worldToScreen(this.cam, d.x[i]!, d.y[i]!);
      g.circle(p.x, p.y, r).stroke({ color, width });
    }
  }

  destroy(): void {
    this.seats?.destroy();
    this.app.destroy(true, { children: true });
  }
}

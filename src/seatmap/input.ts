import type { SeatMapRenderer } from './renderer.ts';

/** A rectangle on the canvas in CSS pixels, from where a drag began to where the pointer is. */
export interface ScreenRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface InputHandlers {
  /** A tap or click that did not move: (screen x, screen y), and whether Shift was held. */
  onTap(x: number, y: number, mods: { shift: boolean }): void;
  onHover(x: number, y: number): void;
  onLeave(): void;
  /**
   * Drag-to-select (the back office's plan editor; the shop leaves it out): when `starts` answers true for
   * the pointer going down, a one-finger drag reports a rectangle instead of panning. `onRect` hears it
   * while it is dragged (`done` false), once more at its end (`done` true), and `null` when a second
   * finger turns it into a pinch.
   */
  dragSelect?: {
    starts(e: PointerEvent): boolean;
    onRect(rect: ScreenRect | null, done: boolean, mods: { shift: boolean }): void;
  };
}

const TAP_SLOP_PX = 6;

const rectTo = (from: { x: number; y: number }, to: { x: number; y: number }): ScreenRect => ({
  x0: from.x,
  y0: from.y,
  x1: to.x,
  y1: to.y,
});

/**
 * Pan by dragging, zoom by wheel (zoom towards the pointer) and by pinching with two fingers; a tap or
 * click that did not move selects; with `dragSelect`, a drag may select a rectangle instead of panning.
 * Returns a function that removes the listeners.
 */
export function attachInput(
  canvas: HTMLCanvasElement,
  renderer: SeatMapRenderer,
  h: InputHandlers,
): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let moved = 0;
  let pinchDist = 0;
  /** Where a selecting drag began, and whether Shift was held then; null while dragging pans. */
  let band: { x: number; y: number; shift: boolean } | null = null;

  const local = (e: PointerEvent | WheelEvent) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const down = (e: PointerEvent) => {
    canvas.setPointerCapture(e.pointerId);
    const p = local(e);
    pointers.set(e.pointerId, p);
    moved = 0;
    if (pointers.size === 1) band = h.dragSelect?.starts(e) ? { ...p, shift: e.shiftKey } : null;
    else if (band) {
      // A second finger: the drag becomes a pinch.
      h.dragSelect?.onRect(null, true, { shift: band.shift });
      band = null;
    }
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinchDist = Math.hypot(a!.x - b!.x, a!.y - b!.y);
    }
  };
  const move = (e: PointerEvent) => {
    const p = local(e);
    const prev = pointers.get(e.pointerId);
    if (!prev) {
      if (e.pointerType === 'mouse') h.onHover(p.x, p.y);
      return;
    }
    pointers.set(e.pointerId, p);
    if (pointers.size === 1) {
      moved += Math.abs(p.x - prev.x) + Math.abs(p.y - prev.y);
      if (moved <= TAP_SLOP_PX) return;
      if (band) h.dragSelect?.onRect(rectTo(band, p), false, { shift: band.shift });
      else renderer.panBy(p.x - prev.x, p.y - prev.y);
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const dist = Math.hypot(a!.x - b!.x, a!.y - b!.y);
      if (pinchDist > 0) renderer.zoomBy(dist / pinchDist, { x: (a!.x + b!.x) / 2, y: (a!.y + b!.y) / 2 });
      pinchDist = dist;
      moved += TAP_SLOP_PX + 1;
    }
  };
  const up = (e: PointerEvent) => {
    const p = local(e);
    const was = pointers.delete(e.pointerId);
    if (pointers.size < 2) pinchDist = 0;
    if (!was || pointers.size > 0) return;
    if (moved <= TAP_SLOP_PX) h.onTap(p.x, p.y, { shift: e.shiftKey });
    else if (band) h.dragSelect?.onRect(rectTo(band, p), true, { shift: band.shift });
    band = null;
  };
  const wheel = (e: WheelEvent) => {
    e.preventDefault();
    const p = local(e);
    // Trackpads send small deltas, mice larger ones; both zoom smoothly.
    const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
    renderer.zoomBy(factor, p);
  };
  const leave = () => h.onLeave();

  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  canvas.addEventListener('pointerleave', leave);
  canvas.addEventListener('wheel', wheel, { passive: false });
  return () => {
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointercancel', up);
    canvas.removeEventListener('pointerleave', leave);
    canvas.removeEventListener('wheel', wheel);
  };
}

import type { SeatMapRenderer } from './renderer.ts';

export interface InputHandlers {
  /** A tap or click that did not move: (screen x, screen y). */
  onTap(x: number, y: number): void;
  onHover(x: number, y: number): void;
  onLeave(): void;
}

const TAP_SLOP_PX = 6;

/**
 * Pan by dragging, zoom by wheel (zoom towards the pointer) and by pinching with two fingers; a tap or
 * click that did not move selects. Returns a function that removes the listeners.
 */
export function attachInput(
  canvas: HTMLCanvasElement,
  renderer: SeatMapRenderer,
  h: InputHandlers,
): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let moved = 0;
  let pinchDist = 0;

  const local = (e: PointerEvent | WheelEvent) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const down = (e: PointerEvent) => {
    canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, local(e));
    moved = 0;
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
      if (moved > TAP_SLOP_PX) renderer.panBy(p.x - prev.x, p.y - prev.y);
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
    if (was && pointers.size === 0 && moved <= TAP_SLOP_PX) h.onTap(p.x, p.y);
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

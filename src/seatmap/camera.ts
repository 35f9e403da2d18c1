/** The view of the plan: screen = world × scale + (x, y). Pure functions, so they are easy to test. */
export interface Camera {
  scale: number;
  x: number;
  y: number;
}

export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** From this on-screen seat radius (CSS px), row labels appear and section names go. */
export const ROW_LABELS_FROM_PX = 5;

export interface ZoomLimits {
  min: number;
  max: number;
}

/** The camera that shows the whole rectangle centred in the viewport, with a margin. */
export function fitCamera(bounds: Rect, width: number, height: number, margin = 24): Camera {
  const w = Math.max(1e-6, bounds.maxX - bounds.minX);
  const h = Math.max(1e-6, bounds.maxY - bounds.minY);
  const scale = Math.max(1e-6, Math.min((width - 2 * margin) / w, (height - 2 * margin) / h));
  return {
    scale,
    x: (width - w * scale) / 2 - bounds.minX * scale,
    y: (height - h * scale) / 2 - bounds.minY * scale,
  };
}

/** Zooms by `factor` keeping the world point under (sx, sy) in place. */
export function zoomAt(cam: Camera, factor: number, sx: number, sy: number, limits: ZoomLimits): Camera {
  const scale = Math.min(limits.max, Math.max(limits.min, cam.scale * factor));
  const k = scale / cam.scale;
  return { scale, x: sx - (sx - cam.x) * k, y: sy - (sy - cam.y) * k };
}

export function panBy(cam: Camera, dx: number, dy: number): Camera {
  return { scale: cam.scale, x: cam.x + dx, y: cam.y + dy };
}

export function screenToWorld(cam: Camera, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - cam.x) / cam.scale, y: (sy - cam.y) / cam.scale };
}

export function worldToScreen(cam: Camera, wx: number, wy: number): { x: number; y: number } {
  return { x: wx * cam.scale + cam.x, y: wy * cam.scale + cam.y };
}

/** The world rectangle the viewport shows. */
export function visibleRect(cam: Camera, width: number, height: number): Rect {
  const a = screenToWorld(cam, 0, 0);
  const b = screenToWorld(cam, width, height);
  return { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y };
}

/** Keeps at least a quarter of the viewport over the plan, so it cannot be panned out of sight. */
export function clampCamera(cam: Camera, bounds: Rect, width: number, height: number): Camera {
  const left = bounds.minX * cam.scale + cam.x;
  const right = bounds.maxX * cam.scale + cam.x;
  const top = bounds.minY * cam.scale + cam.y;
  const bottom = bounds.maxY * cam.scale + cam.y;
  let { x, y } = cam;
  const mx = width / 4;
  const my = height / 4;
  if (right < mx) x += mx - right;
  if (left > width - mx) x -= left - (width - mx);
  if (bottom < my) y += my - bottom;
  if (top > height - my) y -= top - (height - my);
  return { scale: cam.scale, x, y };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
}

// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { attachInput, type InputHandlers } from './input.ts';
import type { SeatMapRenderer } from './renderer.ts';

/** A canvas at the page's origin and a renderer that only records pans and zooms. */
function setup(dragSelect?: InputHandlers['dragSelect']) {
  const canvas = document.createElement('canvas');
  canvas.setPointerCapture = () => undefined;
  const renderer = { panBy: vi.fn(), zoomBy: vi.fn() };
  const h = { onTap: vi.fn(), onHover: vi.fn(), onLeave: vi.fn(), ...(dragSelect ? { dragSelect } : {}) };
  attachInput(canvas, renderer as unknown as SeatMapRenderer, h);
  const send = (type: string, id: number, x: number, y: number, shiftKey = false) =>
    canvas.dispatchEvent(
      Object.assign(new MouseEvent(type, { clientX: x, clientY: y, shiftKey }), { pointerId: id }),
    );
  return { h, renderer, send };
}

describe('the map’s pointer input', () => {
  it('pans on a drag and selects on a tap, with Shift told', () => {
    const { h, renderer, send } = setup();
    send('pointerdown', 1, 10, 10);
    send('pointermove', 1, 40, 30);
    send('pointerup', 1, 40, 30);
    expect(renderer.panBy).toHaveBeenCalled();
    expect(h.onTap).not.toHaveBeenCalled();
    send('pointerdown', 1, 50, 50, true);
    send('pointerup', 1, 50, 50, true);
    expect(h.onTap).toHaveBeenCalledWith(50, 50, { shift: true });
  });

  it('draws a rectangle instead of panning when a drag selects, and gives it up for a pinch', () => {
    const onRect = vi.fn();
    const { h, renderer, send } = setup({ starts: (e) => e.shiftKey, onRect });
    send('pointerdown', 1, 10, 10, true);
    send('pointermove', 1, 40, 30, true);
    send('pointerup', 1, 60, 70, true);
    expect(renderer.panBy).not.toHaveBeenCalled();
    expect(h.onTap).not.toHaveBeenCalled();
    expect(onRect.mock.calls).toEqual([
      [{ x0: 10, y0: 10, x1: 40, y1: 30 }, false, { shift: true }],
      [{ x0: 10, y0: 10, x1: 60, y1: 70 }, true, { shift: true }],
    ]);

    // Without Shift the same drag pans; a second finger turns a selecting drag into a pinch.
    onRect.mockClear();
    send('pointerdown', 1, 10, 10);
    send('pointermove', 1, 40, 30);
    send('pointerup', 1, 40, 30);
    expect(renderer.panBy).toHaveBeenCalled();
    expect(onRect).not.toHaveBeenCalled();
    send('pointerdown', 1, 10, 10, true);
    send('pointerdown', 2, 100, 100, true);
    expect(onRect).toHaveBeenCalledWith(null, true, { shift: true });
  });
});

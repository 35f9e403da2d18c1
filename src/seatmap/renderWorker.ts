/**
 * The render worker: the seat map's PixiJS scene on an OffscreenCanvas the page handed over, so WebGL
 * start-up, shader compiles, tile drawing and compositing never take the page's main thread.
 */
import { expose } from 'comlink';
import { DOMAdapter, WebWorkerAdapter } from 'pixi.js';
import type { PlanSummary, RenderData } from '../../workers/seatplan/engine.ts';
import type { Camera } from './camera.ts';
import type { MapLabels, SeatMarks } from './labels.ts';
import type { StylePalette } from './palette.ts';
import { type FrameInfo, type SceneInit, SeatScene } from './scene.ts';

DOMAdapter.set(WebWorkerAdapter);

let scene: SeatScene | null = null;
const need = () => {
  if (!scene) throw new Error('the render worker has no scene yet');
  return scene;
};

const host = {
  async init(canvas: OffscreenCanvas, init: SceneInit, onFrame: (f: FrameInfo) => void): Promise<void> {
    scene = await SeatScene.create(canvas, init);
    scene.onFrame = (f) => void onFrame(f);
  },
  setPlan: (data: RenderData, state: Uint8Array, palette: StylePalette, cam: Camera, labels?: MapLabels) =>
    need().setPlan(data, state, palette, cam, labels),
  showSummary: (summary: PlanSummary, palette: StylePalette, cam: Camera) =>
    need().showSummary(summary, palette, cam),
  updateStates: (changed: ArrayLike<number>, states: ArrayLike<number>) =>
    need().updateStates(changed, states),
  setPalette: (palette: StylePalette) => need().setPalette(palette),
  setView: (cam: Camera, gesture: boolean) => need().setView(cam, gesture),
  setMarks: (hover: number, focus: number, marks?: SeatMarks) => need().setMarks(hover, focus, marks),
  resize: (width: number, height: number) => need().resize(width, height),
  renderNow: () => need().renderNow(),
  memory: () => need().memory(),
  async whenPainted() {
    await need().whenPainted();
  },
  /** Releases the scene and stops the paint worker; the page then terminates this worker. */
  destroy() {
    scene?.destroy();
    scene = null;
  },
};

export type SceneHost = typeof host;

expose(host);

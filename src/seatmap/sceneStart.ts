import 'pixi.js/unsafe-eval';
import {
  Application,
  BitmapText,
  Container,
  Graphics,
  RenderTexture,
  Sprite,
  type WebGLRenderer,
} from 'pixi.js';
import { LABEL_STYLE_ROW, LABEL_STYLE_SECTION } from './labels.ts';
import type { SeatColors } from './palette.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts PixiJS on the canvas (the one place that creates the application): WebGL, rendering on demand
 * only (no ticker), then compiles the shaders and builds the label fonts one step per task, before the
 * plan arrives. Says whether the GPU is a software rasteriser.
 */
export async function startPixi(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  init: { width: number; height: number; resolution: number; colors: SeatColors },
): Promise<{ app: Application; software: boolean }> {
  const app = new Application();
  await app.init({
    canvas: canvas as HTMLCanvasElement,
    width: Math.max(1, init.width),
    height: Math.max(1, init.height),
    background: init.colors.background,
    antialias: false,
    autoStart: false,
    sharedTicker: false,
    preference: 'webgl',
    resolution: init.resolution,
    autoDensity: false,
    powerPreference: 'high-performance',
  });
  app.ticker.stop();
  const glyphs = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ·-';
  const rt = RenderTexture.create({ width: 8, height: 8 });
  const steps = [
    () =>
      new Graphics()
        .poly([0, 0, 4, 0, 4, 4], true)
        .fill({ color: 0xffffff, alpha: 0.01 })
        .stroke({ color: 0xffffff, width: 1, alpha: 0.01 }),
    () => new BitmapText({ text: glyphs, style: { ...LABEL_STYLE_SECTION, fill: init.colors.screen } }),
    () => new BitmapText({ text: glyphs, style: { ...LABEL_STYLE_ROW, fill: init.colors.rows } }),
    () => new Sprite({ texture: rt, blendMode: 'none' }),
  ];
  for (const step of steps) {
    await nextTask();
    const warm = new Container({ alpha: 0.01 });
    warm.addChild(step());
    app.renderer.render({ container: warm, target: rt });
    app.stage.addChild(warm);
    app.render();
    app.stage.removeChild(warm);
    warm.destroy({ children: true });
  }
  rt.destroy(true);
  return { app, software: isSoftwareGl(app.renderer as WebGLRenderer) };
}

/** Software rasterisers (SwiftShader, llvmpipe, Microsoft Basic Render) pay for every pixel on the CPU. */
function isSoftwareGl(renderer: WebGLRenderer): boolean {
  try {
    const gl = renderer.gl;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
  } catch {
    return false;
  }
}

import { Buffer, BufferUsage, Container, Geometry, GlProgram, Mesh, Shader, UniformGroup } from 'pixi.js';
import type { RenderData } from '../../workers/seatplan/engine.ts';
import { intersects, type Rect } from './camera.ts';
import { seatFragment, seatVertex } from './seatShader.ts';

/** Seats per mesh at most: big sections are split so off-screen parts are skipped. */
const CHUNK = 4096;

interface Chunk {
  mesh: Mesh<Geometry, Shader>;
  styleBuffer: Buffer;
  rect: Rect;
  start: number;
  end: number;
  dirty: boolean;
}

/**
 * The seat layer: instanced quads in a few meshes, one per section (or per 4,096 seats of a big one).
 * Positions never change; a status update rewrites 4 style bytes per changed seat and re-uploads only
 * the chunks it touched. No per-seat display objects exist on the main thread.
 */
export class SeatLayer {
  readonly container = new Container({ label: 'seats', eventMode: 'none', interactiveChildren: false });
  private readonly chunks: Chunk[] = [];
  private readonly chunkOf: Uint16Array;
  private readonly style: Uint8Array;
  private readonly uniforms: UniformGroup<{
    uRadius: { value: number; type: 'f32' };
    uPixel: { value: number; type: 'f32' };
  }>;

  /** `data.style` and `data.positions` come ready from the worker; this only wraps them in GPU buffers. */
  constructor(data: RenderData) {
    this.style = data.style;
    this.uniforms = new UniformGroup({
      uRadius: { value: data.seatRadius, type: 'f32' },
      uPixel: { value: 1, type: 'f32' },
    });
    const glProgram = GlProgram.from({ vertex: seatVertex, fragment: seatFragment, name: 'seat-shader' });
    const shader = new Shader({ glProgram, resources: { seatUniforms: this.uniforms } });
    const corners = new Buffer({
      data: new Float32Array([-1, -1, 1, -1, 1, 1, -1, 1]),
      usage: BufferUsage.VERTEX,
    });
    const indices = new Buffer({ data: new Uint16Array([0, 1, 2, 0, 2, 3]), usage: BufferUsage.INDEX });
    const positions = data.positions;
    this.chunkOf = new Uint16Array(data.count);
    for (const s of data.sections) {
      for (let start = s.start; start < s.end; start += CHUNK) {
        const end = Math.min(s.end, start + CHUNK);
        const styleBuffer = new Buffer({
          data: this.style.subarray(start * 4, end * 4),
          usage: BufferUsage.VERTEX | BufferUsage.COPY_DST,
        });
        const geometry = new Geometry({
          attributes: {
            aCorner: { buffer: corners, format: 'float32x2' },
            aSeat: {
              buffer: new Buffer({ data: positions.subarray(start * 2, end * 2), usage: BufferUsage.VERTEX }),
              format: 'float32x2',
              instance: true,
            },
            aStyle: { buffer: styleBuffer, format: 'unorm8x4', instance: true },
          },
          indexBuffer: indices,
          instanceCount: end - start,
        });
        const mesh = new Mesh({ geometry, shader });
        this.chunkOf.fill(this.chunks.length, start, end);
        this.chunks.push({ mesh, styleBuffer, rect: rectOf(data, start, end), start, end, dirty: false });
        this.container.addChild(mesh);
      }
    }
  }

  /** The style bytes of these seats changed (in the shared array): re-upload their chunks only. */
  markDirty(changed: ArrayLike<number>): void {
    for (let k = 0; k < changed.length; k++) this.chunks[this.chunkOf[changed[k]!]!]!.dirty = true;
    for (const c of this.chunks) {
      if (c.dirty) {
        c.styleBuffer.update();
        c.dirty = false;
      }
    }
  }

  markAllDirty(): void {
    for (const c of this.chunks) c.styleBuffer.update();
  }

  /** Per frame: world units per screen pixel (anti-aliasing) and which chunks are on screen. */
  setView(pixel: number, visible: Rect): void {
    this.uniforms.uniforms.uPixel = pixel;
    for (const c of this.chunks) c.mesh.visible = intersects(c.rect, visible);
  }

  destroy(): void {
    this.container.destroy({ children: true });
  }
}

function rectOf(d: RenderData, start: number, end: number): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = start; i < end; i++) {
    minX = Math.min(minX, d.x[i]!);
    maxX = Math.max(maxX, d.x[i]!);
    minY = Math.min(minY, d.y[i]!);
    maxY = Math.max(maxY, d.y[i]!);
  }
  const r = d.seatRadius * 2;
  return { minX: minX - r, minY: minY - r, maxX: maxX + r, maxY: maxY + r };
}

import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * A camera for the browser tests: Chromium's fake capture device plays a Y4M file (YUV4MPEG2, 4:2:0)
 * in a loop (`--use-file-for-fake-video-capture`). These helpers make such a file from a screenshot,
 * so the door page's camera sees a real image of an e-ticket's QR code.
 */

export const FRAME = { width: 640, height: 480 } as const;

/**
 * The RGBA pixels of a PNG drawn in the middle of a white 640×480 frame, read back in `page` (a canvas
 * decodes the PNG as a browser does).
 */
export async function framePixels(page: Page, png: Buffer): Promise<Uint8Array> {
  const base64 = await page.evaluate(
    async ({ src, width, height }) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      const scale = Math.min(1, (0.9 * height) / image.height, (0.9 * width) / image.width);
      const w = Math.round(image.width * scale);
      const h = Math.round(image.height * scale);
      ctx.drawImage(image, Math.round((width - w) / 2), Math.round((height - h) / 2), w, h);
      const bytes = new Uint8Array(ctx.getImageData(0, 0, width, height).data.buffer);
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, ...FRAME },
  );
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/** One frame as planar YUV 4:2:0 (BT.601, full range: the file says C420jpeg). */
export function rgbaToI420(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 1.5);
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  const at = (x: number, y: number) => (y * width + x) * 4;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = at(x, y);
      out[y * width + x] = clamp(0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!);
    }
  const u = width * height;
  const v = u + (width / 2) * (height / 2);
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = at(x + dx, y + dy);
        r += rgba[i]! / 4;
        g += rgba[i + 1]! / 4;
        b += rgba[i + 2]! / 4;
      }
      const k = (y / 2) * (width / 2) + x / 2;
      out[u + k] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      out[v + k] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  return out;
}

/**
 * Writes `png`, padded onto a white frame, as a Y4M file Chromium's fake camera loops at two frames a
 * second: the ticket held up for `shown` seconds, then `away` seconds of an empty white frame (the
 * guest put the phone away), then again.
 */
export async function writeCameraFile(
  page: Page,
  png: Buffer,
  file: string,
  { shown = 2, away = 3 }: { shown?: number; away?: number } = {},
): Promise<void> {
  const { width, height } = FRAME;
  const ticket = rgbaToI420(await framePixels(page, png), width, height);
  const empty = rgbaToI420(new Uint8Array(width * height * 4).fill(255), width, height);
  const fps = 2;
  const frames = [
    ...Array<Uint8Array>(shown * fps).fill(ticket),
    ...Array<Uint8Array>(away * fps).fill(empty),
  ];
  const header = `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`;
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(header), ...frames.flatMap((f) => [Buffer.from('FRAME\n'), f])]),
  );
}

/** Chromium's switches for a camera that plays `file`, allowed without asking. */
export function fakeCameraArgs(file: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
  ];
}

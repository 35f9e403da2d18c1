/**
 * Writes public/og-image.png, the shop's picture for link previews (Open Graph, X cards): 1200×630,
 * the favicon's ticket on the brand's violet. `node scripts/make-og-image.ts`. Drawn pixel by pixel and
 * encoded with node:zlib (no image library); deterministic, the same bytes on every run. Link previews
 * show PNG or JPEG, not SVG, so this is what they get beside the posters (server/http/seo).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const W = 1200;
const H = 630;

type Rgb = [number, number, number];
const TOP: Rgb = [0x5b, 0x21, 0xb6];
const BOTTOM: Rgb = [0x7c, 0x3a, 0xed];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const STUB: Rgb = [0xed, 0xe9, 0xfe];

/** The ticket: a rounded card with a notch on each side and a perforation between body and stub. */
const T = { x0: 300, x1: 900, y0: 165, y1: 465, r: 28, notch: 42, stubAt: 720 };

function inTicket(x: number, y: number): boolean {
  if (x < T.x0 || x > T.x1 || y < T.y0 || y > T.y1) return false;
  const cx = Math.min(Math.max(x, T.x0 + T.r), T.x1 - T.r);
  const cy = Math.min(Math.max(y, T.y0 + T.r), T.y1 - T.r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > T.r ** 2) return false;
  const my = (T.y0 + T.y1) / 2;
  if ((x - T.x0) ** 2 + (y - my) ** 2 < T.notch ** 2) return false;
  if ((x - T.x1) ** 2 + (y - my) ** 2 < T.notch ** 2) return false;
  return true;
}

function pixel(x: number, y: number): Rgb {
  if (inTicket(x, y)) {
    if (Math.abs(x - T.stubAt) < 3 && Math.floor(y / 12) % 2 === 0) return BOTTOM;
    if (x > T.stubAt) return STUB;
    // Three lines of "text" on the ticket's body.
    const lines = [230, 290, 350];
    const widths = [300, 220, 260];
    for (let i = 0; i < lines.length; i++) {
      const ly = lines[i] ?? 0;
      if (y >= ly && y < ly + (i === 0 ? 26 : 16) && x >= 350 && x < 350 + (widths[i] ?? 0)) return BOTTOM;
    }
    return WHITE;
  }
  const t = y / (H - 1);
  return [0, 1, 2].map((c) => Math.round((TOP[c] ?? 0) * (1 - t) + (BOTTOM[c] ?? 0) * t)) as Rgb;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG of `width`×`height` from a pixel function (filter 0 on every row). */
export function encodePng(width: number, height: number, at: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = at(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = join(import.meta.dirname, '..', 'public', 'og-image.png');
writeFileSync(out, encodePng(W, H, pixel));
console.log(`wrote ${out}`);

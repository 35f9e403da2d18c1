import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { answerRequest, decodeRgba } from './qrDecode.ts';

/** A QR code of `text` drawn black on white as RGBA pixels, `scale` px a module, on a white frame. */
function qrPixels(text: string, scale = 4, frame = 200) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const side = n * scale + 2 * frame;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const r = Math.floor((y - frame) / scale);
      const c = Math.floor((x - frame) / scale);
      if (r >= 0 && c >= 0 && r < n && c < n && qr.modules.get(r, c)) {
        const i = (y * side + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  return { data, width: side, height: side };
}

const code = `T1.ABCD2345EFGH.42.${'A'.repeat(86)}`;

describe('reading a QR code from a frame', () => {
  it("reads a signed ticket code held in the middle of the camera's frame", () => {
    const { data, width, height } = qrPixels(code);
    expect(decodeRgba(data, width, height)).toBe(code);
  });

  it('answers null for a frame without a code', () => {
    expect(decodeRgba(new Uint8ClampedArray(320 * 240 * 4).fill(255), 320, 240)).toBeNull();
  });

  it("answers the worker's request with its id, from the transferred buffer", () => {
    const { data, width, height } = qrPixels('ABCD2345EFGH', 3, 40);
    expect(answerRequest({ id: 9, width, height, buffer: data.buffer as ArrayBuffer })).toEqual({
      id: 9,
      text: 'ABCD2345EFGH',
    });
  });
});

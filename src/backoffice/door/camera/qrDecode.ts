import jsQRModule from 'jsqr';

// jsqr is CommonJS: its function is the module itself and, typed as such, the module's `default`.
const jsQR = jsQRModule.default;

/**
 * Reading a QR code from a camera frame's pixels with jsQR, pure: the worker's work (decoder.worker.ts),
 * and the page's own where the worker fails. Shared by both so the two cannot drift apart.
 */

/** A frame sent to the worker: its RGBA pixels moved, not copied (transferred). */
export interface DecodeRequest {
  id: number;
  width: number;
  height: number;
  buffer: ArrayBuffer;
}

export interface DecodeReply {
  id: number;
  text: string | null;
}

/** The text of the QR code in an RGBA frame, or null when there is none (or it cannot be read). */
export function decodeRgba(data: Uint8ClampedArray, width: number, height: number): string | null {
  // A ticket's code is dark on light: not trying the inverted image halves the time per frame.
  const code = jsQR(data, width, height, { inversionAttempts: 'dontInvert' });
  return code?.data ? code.data : null;
}

/** The worker's answer to one frame. */
export function answerRequest(request: DecodeRequest): DecodeReply {
  const text = decodeRgba(new Uint8ClampedArray(request.buffer), request.width, request.height);
  return { id: request.id, text };
}

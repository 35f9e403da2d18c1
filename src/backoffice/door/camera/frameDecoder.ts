import type * as QrDecodeModule from './qrDecode.ts';
import type { DecodeReply, DecodeRequest } from './qrDecode.ts';

type QrDecode = typeof QrDecodeModule;

/**
 * Reads QR codes from the camera's video (issue 37). The browser's own BarcodeDetector where it reads
 * QR codes (Android's Chrome, Safari, ChromeOS); elsewhere jsQR in a worker (decoder.worker.ts), each
 * frame's pixels transferred to it; and jsQR on the page itself if the worker cannot start.
 */
export interface FrameDecoder {
  /** The text of a QR code the video shows now, or null. One call at a time. */
  decode(video: HTMLVideoElement): Promise<string | null>;
  close(): void;
}

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats?(): Promise<string[]>;
}

/** The longest side of a frame handed to jsQR: enough for a ticket held up to the phone, and fast. */
const MAX_SIDE = 640;

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? [];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      decode: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
      close() {},
    };
  } catch {
    return null;
  }
}

/** Draws the video's current frame, scaled down, and answers its pixels. */
function frameGrabber() {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return (video: HTMLVideoElement): ImageData | null => {
    const { videoWidth: w, videoHeight: h } = video;
    if (!ctx || w === 0 || h === 0) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    return ctx.getImageData(0, 0, canvas.width, canvas.height);
  };
}

function workerDecoder(): FrameDecoder {
  const grab = frameGrabber();
  const pending = new Map<number, (text: string | null) => void>();
  let seq = 0;
  let worker: Worker | null = null;
  /** Set once the worker failed: jsQR on this thread instead. */
  let onPage: Promise<QrDecode> | null = null;
  const fail = () => {
    worker?.terminate();
    worker = null;
    onPage ??= import('./qrDecode.ts');
    for (const done of pending.values()) done(null);
    pending.clear();
  };
  try {
    worker = new Worker(new URL('./decoder.worker.ts', import.meta.url), {
      type: 'module',
      name: 'door-qr',
    });
    worker.onmessage = (event: MessageEvent<DecodeReply>) => {
      pending.get(event.data.id)?.(event.data.text);
      pending.delete(event.data.id);
    };
    worker.onerror = fail;
  } catch {
    fail();
  }
  return {
    async decode(video) {
      const image = grab(video);
      if (!image) return null;
      if (!worker) {
        const { decodeRgba } = await (onPage ??= import('./qrDecode.ts'));
        return decodeRgba(image.data, image.width, image.height);
      }
      const request: DecodeRequest = {
        id: ++seq,
        width: image.width,
        height: image.height,
        buffer: image.data.buffer as ArrayBuffer,
      };
      const w = worker;
      return new Promise((resolve) => {
        pending.set(request.id, resolve);
        w.postMessage(request, [request.buffer]);
      });
    },
    close() {
      worker?.terminate();
      worker = null;
      for (const done of pending.values()) done(null);
      pending.clear();
    },
  };
}

/** The best decoder this browser has. */
export async function createFrameDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? workerDecoder();
}

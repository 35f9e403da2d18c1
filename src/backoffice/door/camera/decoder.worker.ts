import { answerRequest, type DecodeRequest } from './qrDecode.ts';

/** The QR decoder's worker: a camera frame in, its code's text (or null) out, off the page's thread. */
self.onmessage = (event: MessageEvent<DecodeRequest>) => {
  self.postMessage(answerRequest(event.data));
};

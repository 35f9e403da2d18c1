import { useCallback, useEffect, useRef, useState } from 'react';
import { createFrameDecoder, type FrameDecoder } from './frameDecoder.ts';

export type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/**
 * The phone's rear camera reading QR codes: `start` (on a tap: browsers ask for the camera then) opens
 * it into `videoRef` and reads frame after frame, one at a time, calling `onCode` with every code it
 * sees (the caller leaves out repeats). The camera is stopped when the page is hidden or left.
 */
export function useCamera(onCode: (text: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('off');
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);
  /** The running session; replaced on every start, so a stopped one's loop ends. */
  const session = useRef<{ stream: MediaStream; decoder: FrameDecoder | null; live: boolean } | null>(null);

  const stop = useCallback(() => {
    const s = session.current;
    session.current = null;
    if (s) {
      s.live = false;
      for (const track of s.stream.getTracks()) track.stop();
      s.decoder?.close();
    }
    if (videoRef.current) videoRef.current.srcObject = null;
    setState((now) => (now === 'on' || now === 'starting' ? 'off' : now));
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    if (!navigator.mediaDevices?.getUserMedia) return setState('unavailable');
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
    } catch (err) {
      const name = err instanceof DOMException ? err.name : '';
      return setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
    }
    const s = { stream, decoder: null as FrameDecoder | null, live: true };
    session.current = s;
    const video = videoRef.current;
    if (!video) return stop();
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    s.decoder = await createFrameDecoder();
    if (!s.live) return s.decoder.close();
    setState('on');
    const next = (read: () => void) =>
      'requestVideoFrameCallback' in video
        ? video.requestVideoFrameCallback(() => read())
        : requestAnimationFrame(() => read());
    const read = async () => {
      if (!s.live || !s.decoder) return;
      if (video.readyState >= video.HAVE_CURRENT_DATA) {
        const text = await s.decoder.decode(video).catch(() => null);
        if (text && s.live) onCodeRef.current(text);
      }
      if (s.live) next(() => void read());
    };
    void read();
  }, [stop]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') stop();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', stop);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, [stop]);

  return { videoRef, state, start, stop };
}

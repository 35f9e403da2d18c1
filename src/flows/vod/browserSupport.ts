/**
 * Which player the viewing page uses, and the warnings of spec section 8: on an iPhone or iPad, and in
 * Safari, the film plays in the browser's own HLS player (subtitles and quality as the device allows);
 * a browser with neither Media Source Extensions nor HLS of its own cannot play it ('use a current
 * Chrome on a computer').
 */
export type VodWarning = 'iosDevice' | 'safari' | 'unsupported';
export type PlayerMode = 'hlsjs' | 'native' | 'none';

export interface BrowserTraits {
  userAgent: string;
  maxTouchPoints: number;
  /** MediaSource with H.264 and AAC (what hls.js needs). */
  hasMse: boolean;
  /** `video.canPlayType('application/vnd.apple.mpegurl')` answers something. */
  nativeHls: boolean;
}

export function isIosDevice(t: BrowserTraits): boolean {
  // iPadOS presents itself as a Mac; its touch screen tells it apart.
  return /iPhone|iPad|iPod/.test(t.userAgent) || (/Macintosh/.test(t.userAgent) && t.maxTouchPoints > 1);
}

export function isSafari(t: BrowserTraits): boolean {
  return (
    /Safari\//.test(t.userAgent) &&
    !/Chrome\/|Chromium\/|CriOS\/|FxiOS\/|Edg\/|OPR\/|Firefox\//.test(t.userAgent)
  );
}

export function playerFor(t: BrowserTraits): { mode: PlayerMode; warnings: VodWarning[] } {
  const warnings: VodWarning[] = [];
  const ios = isIosDevice(t);
  if (ios) warnings.push('iosDevice');
  else if (isSafari(t)) warnings.push('safari');
  let mode: PlayerMode;
  if ((ios || isSafari(t)) && t.nativeHls) mode = 'native';
  else if (t.hasMse) mode = 'hlsjs';
  else if (t.nativeHls) mode = 'native';
  else mode = 'none';
  if (mode === 'none') warnings.push('unsupported');
  return { mode, warnings };
}

/** The traits of this browser. */
export function browserTraits(): BrowserTraits {
  const MS = (window as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource ?? window.MediaSource;
  const hasMse =
    typeof MS?.isTypeSupported === 'function' &&
    MS.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"');
  const video = document.createElement('video');
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    hasMse,
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
  };
}

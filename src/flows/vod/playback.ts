import type Hls from 'hls.js';
import { ApiCallError } from '../../api/client.ts';
import type { VodViewing } from '../../api/contract/vod.ts';
import { api } from '../../api/endpoints.ts';
import type { PlayerMode } from './browserSupport.ts';

/** Where the player stands: the box office refused (its code), another device took over, or it failed. */
export type PlaybackState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'playing' }
  | { kind: 'takenOver' }
  | { kind: 'loadError' }
  | { kind: 'refused'; code: string };

export interface PlaybackEvents {
  state(s: PlaybackState): void;
  viewing(v: VodViewing): void;
  /** The film's subtitle languages, once the player knows them. */
  subtitles(languages: string[]): void;
}

export interface PlaybackOptions {
  resId: string;
  vodId: number;
  /** The purchase's link key, when the page was opened by its link. */
  k: string | undefined;
  mode: PlayerMode;
  /** The subtitle language to show (null: none). */
  subtitle: string | null;
}

const STREAM = /\/api\/vod\/stream\/[^/]+\//;
const playKey = (resId: string, vodId: number) => `vod.play.${resId}.${vodId}`;

/** The play this browser tab started for the purchase, if any: a reload goes on with it (no play used). */
export function storedPlay(resId: string, vodId: number): string | null {
  try {
    return sessionStorage.getItem(playKey(resId, vodId));
  } catch {
    return null;
  }
}

/**
 * One playback of a purchase: asks the box office to start (a play counted, or the one under way
 * resumed), attaches the stream (hls.js, loaded only now, or the browser's own HLS), renews its
 * short-lived token with a heartbeat, and stops when another device takes over or the stream fails.
 */
export class Playback {
  private hls: Hls | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private token = '';
  private active = false;
  private subtitle: string | null;
  private readonly video: HTMLVideoElement;
  private readonly o: PlaybackOptions;
  private readonly on: PlaybackEvents;

  constructor(video: HTMLVideoElement, o: PlaybackOptions, on: PlaybackEvents) {
    this.video = video;
    this.o = o;
    this.on = on;
    this.subtitle = o.subtitle;
  }

  async start(): Promise<void> {
    const { resId, vodId, k, mode } = this.o;
    this.on.state({ kind: 'starting' });
    let answer;
    try {
      const playId = storedPlay(resId, vodId) ?? undefined;
      answer = await api.vodPlay(resId, vodId, { k, playId, native: mode === 'native' });
    } catch (err) {
      this.on.state(
        err instanceof ApiCallError && err.code !== 'fetch_data_error'
          ? { kind: 'refused', code: err.code }
          : { kind: 'loadError' },
      );
      return;
    }
    try {
      sessionStorage.setItem(playKey(resId, vodId), answer.playId);
    } catch {
      // No storage: a reload then counts a new play.
    }
    this.on.viewing(answer.viewing);
    this.token = answer.token;
    this.active = true;
    const video = this.video;
    // The first decoded frame, for the benchmark (bench/vod.ts).
    video.requestVideoFrameCallback?.(() => performance.mark('vod:first-frame'));
    if (mode === 'native') {
      video.src = answer.src;
      video.addEventListener('loadedmetadata', () => this.showNativeSubtitles(), { once: true });
    } else {
      const { default: HlsClass } = await import('hls.js');
      const hls = new HlsClass({
        // A short buffer: the stream's tokens and its one-device rule keep mattering while it plays.
        maxBufferLength: 8,
        maxMaxBufferLength: 16,
        // Every request carries the latest token (the heartbeat renews it).
        xhrSetup: (xhr, url) => xhr.open('GET', url.replace(STREAM, `/api/vod/stream/${this.token}/`), true),
      });
      hls.on(HlsClass.Events.SUBTITLE_TRACKS_UPDATED, (_e, data) => {
        this.on.subtitles(data.subtitleTracks.map((t) => t.lang ?? ''));
        // After hls.js has finished with the new tracks (it picks its default once this event is out).
        setTimeout(() => this.setSubtitle(this.subtitle), 0);
      });
      hls.on(HlsClass.Events.ERROR, (_e, data) => {
        if (data.fatal) void this.failed();
      });
      this.hls = hls;
      hls.loadSource(answer.src);
      hls.attachMedia(video);
    }
    try {
      await video.play();
    } catch {
      // Autoplay with sound refused: start muted, the controls unmute.
      video.muted = true;
      await video.play().catch(() => undefined);
    }
    if (!this.active) return;
    this.on.state({ kind: 'playing' });
    this.timer = setInterval(() => void this.beat(), answer.heartbeatSeconds * 1000);
  }

  setSubtitle(lang: string | null): void {
    this.subtitle = lang;
    const hls = this.hls;
    if (hls) {
      const index = lang ? hls.subtitleTracks.findIndex((t) => t.lang === lang) : -1;
      hls.subtitleTrack = index;
      hls.subtitleDisplay = index >= 0;
    } else this.showNativeSubtitles();
  }

  private showNativeSubtitles() {
    const tracks = Array.from(this.video.textTracks);
    this.on.subtitles(tracks.map((t) => t.language));
    for (const t of tracks) t.mode = this.subtitle && t.language === this.subtitle ? 'showing' : 'disabled';
  }

  /** The heartbeat: renews the token, or learns that another device took over. */
  private async beat(): Promise<boolean> {
    try {
      this.token = (await api.vodHeartbeat(this.token)).token;
      return true;
    } catch (err) {
      if (!(err instanceof ApiCallError) || err.code === 'fetch_data_error') return true;
      this.stop(
        err.code === 'vod_stream_taken_over' ? { kind: 'takenOver' } : { kind: 'refused', code: err.code },
      );
      return false;
    }
  }

  /** A fatal stream error: taken over (the box office says so), else the load error. */
  private async failed() {
    if (!this.active) return;
    if (await this.beat()) this.stop({ kind: 'loadError' });
  }

  stop(state: PlaybackState | null = null): void {
    if (!this.active && state === null) return;
    this.active = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.hls?.destroy();
    this.hls = null;
    this.video.pause();
    this.video.removeAttribute('src');
    this.video.load();
    if (state) this.on.state(state);
  }
}

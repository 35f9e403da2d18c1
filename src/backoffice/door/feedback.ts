import { type Tone, vibration } from './answerView.ts';

/**
 * The answer's sound and buzz. Browsers let a page play sound only after the user touched it, so the
 * audio context is made on the first tap or key press (`armFeedback`), and reused.
 */
let audio: AudioContext | null = null;

function makeAudio() {
  if (audio || typeof AudioContext === 'undefined') return;
  try {
    audio = new AudioContext();
  } catch {
    audio = null;
  }
}

/** Makes the audio context on the page's first user gesture; answers a function that stops listening. */
export function armFeedback(): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const once = () => {
    makeAudio();
    if (audio?.state === 'suspended') void audio.resume().catch(() => undefined);
    for (const e of events) window.removeEventListener(e, once, true);
  };
  for (const e of events) window.addEventListener(e, once, true);
  return () => {
    for (const e of events) window.removeEventListener(e, once, true);
  };
}

function tone(ctx: AudioContext, hz: number, start: number, seconds: number) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'square';
  osc.frequency.value = hz;
  // A short ramp at both ends: no click.
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(0.25, start + 0.01);
  gain.gain.setValueAtTime(0.25, start + seconds - 0.02);
  gain.gain.linearRampToValueAtTime(0, start + seconds);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + seconds);
}

/** One high short tone for green, two low ones for red, and the matching vibration. */
export function signal(t: Tone): void {
  try {
    navigator.vibrate?.(vibration(t));
  } catch {
    // not allowed here (no user gesture yet): the screen says it all the same
  }
  if (!audio || audio.state !== 'running') return;
  const now = audio.currentTime;
  if (t === 'green') tone(audio, 1760, now, 0.12);
  else {
    tone(audio, 220, now, 0.18);
    tone(audio, 220, now + 0.26, 0.18);
  }
}

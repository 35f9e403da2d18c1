import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_PROMPT_MS } from './timing.ts';
import { watchIdle } from './idle.ts';

describe('watchIdle (spec section 9: idle time 300,000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says idle after five minutes without a pointer, key or touch, once', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    const w = watchIdle(target, IDLE_PROMPT_MS, onIdle);
    vi.advanceTimersByTime(IDLE_PROMPT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_PROMPT_MS * 3);
    expect(onIdle).toHaveBeenCalledTimes(1);
    w.stop();
  });

  it('starts counting again on every activity', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    const w = watchIdle(target, IDLE_PROMPT_MS, onIdle);
    for (const type of ['pointermove', 'keydown', 'touchstart', 'pointerdown']) {
      vi.advanceTimersByTime(IDLE_PROMPT_MS - 1000);
      target.dispatchEvent(new Event(type));
    }
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_PROMPT_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
    w.stop();
  });

  it('ignores activity while the prompt is open, and watches again once answered', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    const w = watchIdle(target, IDLE_PROMPT_MS, onIdle);
    vi.advanceTimersByTime(IDLE_PROMPT_MS);
    target.dispatchEvent(new Event('pointermove'));
    vi.advanceTimersByTime(IDLE_PROMPT_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
    w.resume();
    vi.advanceTimersByTime(IDLE_PROMPT_MS);
    expect(onIdle).toHaveBeenCalledTimes(2);
    w.stop();
  });

  it('stops listening when stopped', () => {
    const target = new EventTarget();
    const onIdle = vi.fn();
    watchIdle(target, IDLE_PROMPT_MS, onIdle).stop();
    vi.advanceTimersByTime(IDLE_PROMPT_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

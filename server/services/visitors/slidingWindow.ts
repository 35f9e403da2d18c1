/**
 * Counts calls per key in a sliding window and answers how long to wait once a key is over.
 * In memory, per process: with WORKERS=n a caller spread over the processes may reach n times the
 * rate; with LIMITS_SHARED the abuse guard counts in the database instead, in fixed windows
 * (fixedWindow below). The hard limit, seats held at once, is counted in the database (holdLimits.ts).
 */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;
  private sinceSweep = 0;

  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }

  /** Records a call of `key` at `now`; answers the milliseconds to wait instead when the key is over. */
  hit(key: string, now: number): number | null {
    if (++this.sinceSweep >= 10_000) this.sweep(now);
    const since = now - this.windowMs;
    let times = this.hits.get(key);
    if (!times) this.hits.set(key, (times = []));
    while (times.length > 0 && times[0]! <= since) times.shift();
    if (times.length >= this.max) return times[0]! + this.windowMs - now;
    times.push(now);
    return null;
  }

  private sweep(now: number): void {
    this.sinceSweep = 0;
    for (const [key, times] of this.hits)
      if (times.length === 0 || times[times.length - 1]! <= now - this.windowMs) this.hits.delete(key);
  }
}

/**
 * The fixed window of `windowMs` that `now` falls in: `start` ≤ `now` < `end`, `start` a whole number
 * of windows since the epoch, so that every process and host, reading its own clock, names the same
 * window. A caller refused in it waits until `end`.
 */
export function fixedWindow(now: number, windowMs: number): { start: number; end: number } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

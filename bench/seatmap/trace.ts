/** An event of a Chromium trace (`browser.startTracing`), as the seat-map benches read them. */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/** Longest main-thread task (ms) overlapping each window between the page's bench:* marks. */
export function traceLongestTasks(buffer: Buffer): {
  load: number | null;
  afterData: number | null;
  interaction: number | null;
} {
  let events: TraceEvent[];
  try {
    const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  } catch {
    return { load: null, afterData: null, interaction: null };
  }
  const marks = new Map<string, TraceEvent>();
  for (const e of events) if (e.name.startsWith('bench:') || e.name === 'seatmap:data') marks.set(e.name, e);
  const anchor = marks.get('bench:load-start');
  if (!anchor) return { load: null, afterData: null, interaction: null };
  // Top-level slices of the main thread: tasks (ThreadControllerImpl::RunTask) and the microtask
  // checkpoints Blink runs outside them (BlinkScheduler_PerformMicrotaskCheckpoint).
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.pid === anchor.pid &&
      e.tid === anchor.tid &&
      (e.cat ?? '').split(',').includes('toplevel'),
  );
  const longestIn = (from?: TraceEvent, to?: TraceEvent) => {
    if (!from || !to) return null;
    let max = 0;
    for (const t of tasks) {
      const end = t.ts + (t.dur ?? 0);
      if (end > from.ts && t.ts < to.ts) max = Math.max(max, t.dur ?? 0);
    }
    return Math.round(max / 10) / 100;
  };
  return {
    load: longestIn(anchor, marks.get('bench:load-end')),
    afterData: longestIn(marks.get('bench:data') ?? marks.get('seatmap:data'), marks.get('bench:load-end')),
    interaction: longestIn(marks.get('bench:interaction-start'), marks.get('bench:interaction-end')),
  };
}

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

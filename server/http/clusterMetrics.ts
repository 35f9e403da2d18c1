import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * One scrape per host with WORKERS=n. The primary serves no HTTP, so the worker that a scrape of
 * GET /metrics reaches asks the primary over the cluster's IPC channel; the primary gathers every
 * worker's registry with prom-client's `AggregatorRegistry.clusterMetrics()` (which asks each worker over
 * the same channel and merges their answers by each metric's `aggregator`) and sends the text back.
 *
 * Hazards, from prom-client's side of it: `clusterMetrics()` waits for every connected worker, for up to
 * 5 s, and fails whole when one does not answer (a worker still starting, one stuck); the asking worker
 * stops waiting after `ASK_TIMEOUT_MS` and answers its own figures, marked partial. A failed gathering
 * stays in prom-client's table of pending requests (a small leak per failure, none when all answer).
 */

const ASK = 'boxoffice:metrics:ask';
const ANSWER = 'boxoffice:metrics:answer';
/** How long a worker waits for the host's figures before it answers its own. */
export const ASK_TIMEOUT_MS = 2000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  /** The host's figures (Prometheus text); absent when the gathering failed. */
  text?: string;
}

const isMessage = <T extends Ask | Answer>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === type &&
  typeof (message as { id?: unknown }).id === 'number';

/** In the primary: answers each worker's ask with the figures of every worker, aggregated. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMessage<Ask>(message, ASK)) return;
    const reply = (text?: string) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, text } satisfies Answer);
    };
    aggregator.clusterMetrics().then(reply, () => reply());
  });
}

/**
 * In a worker: lets the primary gather `registry` (the per-process figures; a registry the worker
 * answers itself, such as the database's gauges, stays out of it), and returns the ask: the host's
 * figures as Prometheus text, or null when the primary did not answer them within `timeoutMs`.
 */
export function joinClusterMetrics(
  registry: Registry,
  timeoutMs = ASK_TIMEOUT_MS,
): () => Promise<string | null> {
  aggregateAcrossWorkers(registry);
  AggregatorRegistry.setRegistries([registry]);
  // prom-client answers the primary's requests in a worker only once an AggregatorRegistry was
  // constructed there (the constructor adds its listener); the instance itself is not needed.
  new AggregatorRegistry();

  const pending = new Map<number, (text: string | null) => void>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (isMessage<Answer>(message, ANSWER)) pending.get(message.id)?.(message.text ?? null);
  });
  return () =>
    new Promise((resolve) => {
      const id = next++;
      const finish = (text: string | null) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(text);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      pending.set(id, finish);
      if (!process.send) return finish(null);
      // A closed channel (the primary is gone) comes back here as an error, not as an exception.
      process.send({ type: ASK, id } satisfies Ask, undefined, {}, (error) => {
        if (error) finish(null);
      });
    });
}

/**
 * prom-client's default metrics come with aggregators of their own: summed (CPU seconds, memory, heap,
 * handles, GC time: the host's total), `first` for the Node version, min and max for the event loop's
 * min and max. Three are changed here:
 * - the event-loop lag and its mean and percentiles: `max`, not `average`: a scrape should show the
 *   worst worker, since every request the kernel hands it waits on it; an average hides one stuck worker;
 * - `process_start_time_seconds`: `max` (prom-client omits it): the youngest worker's start, which moves
 *   when a worker is replaced, i.e. when the host's summed counters lost that worker's share and
 *   Prometheus will read the drop as a counter reset;
 * - `process_max_fds`: `min`: a per-process limit, the tightest one; a sum means nothing.
 */
function aggregateAcrossWorkers(registry: Registry): void {
  for (const metric of registry.getMetricsAsArray()) {
    if (metric.name.startsWith('nodejs_eventloop_lag') && metric.aggregator === 'average')
      metric.aggregator = 'max';
    else if (metric.name === 'process_start_time_seconds') metric.aggregator = 'max';
    else if (metric.name === 'process_max_fds') metric.aggregator = 'min';
  }
}

/** The lines that say whether a worker's answer is the host's (0) or only its own (1). */
export function partialLines(partial: boolean): string {
  return [
    '# HELP boxoffice_metrics_partial 1 when the primary did not answer in time and these are one worker’s figures',
    '# TYPE boxoffice_metrics_partial gauge',
    `boxoffice_metrics_partial ${partial ? 1 : 0}`,
    '',
  ].join('\n');
}

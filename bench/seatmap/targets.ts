import type { BenchRun } from './run.ts';
import type { Shape } from './plans.ts';

/**
 * The seat-map bench's targets, one line each (PASS, MISS, or n/a when a figure is missing), and the
 * figures reported beside them (info).
 */

const verdict = (ok: boolean | null) => (ok === null ? 'n/a ' : ok ? 'PASS' : 'MISS');

const TARGETS: Array<{ key: keyof BenchRun; label: string; max: number }> = [
  { key: 'workerLoadMs', label: 'worker load+index ≤ 300 ms', max: 300 },
  { key: 'firstFrameMs', label: 'first frame ≤ 400 ms', max: 400 },
  { key: 'longestTaskMs', label: 'longest main-thread task (load) ≤ 50 ms', max: 50 },
  { key: 'longestTaskInteractionMs', label: 'longest main-thread task (interaction) ≤ 50 ms', max: 50 },
  { key: 'hitTestMs', label: 'hit test ≤ 0.2 ms', max: 0.2 },
  { key: 'statusApplyMs', label: 'status apply on the main thread ≤ 20 ms', max: 20 },
  { key: 'frameP95Ms', label: 'frame p95 ≤ 33 ms', max: 33 },
  { key: 'panP95Ms', label: 'frame p95 panning ≤ 33 ms', max: 33 },
  { key: 'zoomP95Ms', label: 'frame p95 zooming ≤ 33 ms', max: 33 },
  { key: 'heapMB', label: 'heap ≤ 150 MB', max: 150 },
];

export function targetLines(runs: readonly BenchRun[], shapes: readonly Shape[]): string[] {
  const lines: string[] = [];
  for (const shape of shapes) {
    const big = runs.find((r) => r.renderer === 'ours' && r.plan === shape && r.seats >= 95_000);
    if (big) {
      for (const t of TARGETS) {
        const v = big[t.key] as number | null;
        const verdict = v === null ? 'n/a ' : v <= t.max ? 'PASS' : 'MISS';
        const extra =
          t.key === 'longestTaskMs'
            ? ` (from the data in hand on: ${String(big.detail?.longestTaskAfterDataMs ?? 'null')})`
            : t.key === 'heapMB'
              ? ` (+ ${String(big.detail?.arrayBuffersMB ?? '?')} MB of typed arrays)`
              : '';
        lines.push(`${verdict}  ours ${shape} ${big.seats}: ${t.label}: ${v ?? 'null'}${extra}`);
      }
      const parse = (big.detail?.parseMs as number | null | undefined) ?? null;
      const json = runs.find((r) => r.renderer === 'ours-json' && r.plan === shape && r.seats === big.seats);
      const jsonParse = (json?.detail?.parseMs as number | null | undefined) ?? null;
      lines.push(
        `${verdict(parse !== null && jsonParse !== null ? parse <= 0.5 * jsonParse : null)}  ours ${shape} ${big.seats}: plan read in the worker ≤ 0.5 × the JSON's: ${parse ?? 'null'} ms in columns vs ${jsonParse ?? 'null'} ms from JSON`,
      );
      const fetch = (big.detail?.fetchMs as number | null | undefined) ?? null;
      const frame = big.firstFrameMs;
      const ready = fetch !== null && parse !== null ? fetch + parse : null;
      const shown = fetch !== null && frame !== null ? fetch + frame : null;
      lines.push(
        `${verdict(ready !== null && shown !== null ? shown <= 1.5 * ready : null)}  ours ${shape} ${big.seats}: first frame ≤ 1.5 × the plan's arrival + read: ${shown === null ? 'null' : shown.toFixed(1)} ms from asking vs ${ready === null ? 'null' : ready.toFixed(1)} ms (arrival ${fetch ?? 'null'} + read ${parse ?? 'null'})${ready && shown ? ` (${(shown / ready).toFixed(2)}×)` : ''}`,
      );
      if (json) {
        lines.push(
          `info  ours ${shape} ${big.seats} from JSON: load+index ${json.workerLoadMs ?? 'null'} ms, first frame ${json.firstFrameMs ?? 'null'} ms, longest load task ${json.longestTaskMs ?? 'null'} ms`,
        );
      }
      const mem = big.detail?.tileMemory as {
        tiles: number;
        tileBitmapMB: number;
        gpuTextureMB: number;
      } | null;
      lines.push(
        `info  ours ${shape} ${big.seats}: beside the heap, ${mem ? `${mem.tiles} tiles: ${mem.tileBitmapMB} MB of tile bitmaps, ${mem.gpuTextureMB} MB of GPU textures and drawing buffers` : 'tile memory not reported'}`,
      );
      const ckb = big.columnsKB?.brotli ?? null;
      lines.push(
        `${verdict(ckb === null ? null : ckb <= 1536)}  ${shape} ${big.seats}: plan in columns ≤ 1.5 MB compressed: ${ckb ?? 'null'} KB brotli (${big.columnsKB?.gzip ?? '?'} KB gzip, ${big.columnsKB?.raw ?? '?'} KB raw)`,
      );
      const kb = big.planKB?.brotli ?? null;
      lines.push(
        `${kb === null ? 'n/a ' : kb <= 1536 ? 'PASS' : 'MISS'}  ${shape} ${big.seats}: plan ≤ 1.5 MB compressed: ${kb ?? 'null'} KB brotli (${big.planKB?.gzip ?? '?'} KB gzip, ${big.planKB?.raw ?? '?'} KB raw)`,
      );
      const peerBig = runs.find((r) => r.renderer === 'peer' && r.plan === shape && r.seats === big.seats);
      const a = big.frameP95Ms;
      const b = peerBig?.frameP95Ms ?? null;
      const ratio = a && b ? b / a : null;
      lines.push(
        `${ratio === null ? 'n/a ' : ratio >= 20 ? 'PASS' : 'MISS'}  ${shape} ${big.seats}: frame p95 ≥ 20× better than the peer: ${a ?? 'null'} ms vs ${b ?? 'null'} ms${ratio === null ? '' : ` (${ratio.toFixed(1)}×)`}${b === null ? ' (the peer did not reach its frames)' : ''}`,
      );
    }
    const ours10 = runs.find(
      (r) => r.renderer === 'ours' && r.plan === shape && Math.abs(r.seats - 10_000) <= 500,
    );
    const peer10 = runs.find(
      (r) => r.renderer === 'peer' && r.plan === shape && Math.abs(r.seats - 10_000) <= 500,
    );
    if (ours10 && peer10) {
      const a = ours10.firstFrameMs;
      const b = peer10.firstFrameMs;
      const ratio = a && b ? b / a : null;
      const verdict = ratio === null ? 'n/a ' : ratio >= 20 ? 'PASS' : 'MISS';
      lines.push(
        `${verdict}  ${shape} 10k: first frame ≥ 20× faster than the peer: ${a ?? 'null'} ms vs ${b ?? 'null'} ms (${ratio === null ? '?' : `${ratio.toFixed(1)}×`})`,
      );
    }
  }
  return lines;
}

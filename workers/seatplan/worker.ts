import { expose, transfer } from 'comlink';
import { renderBuffers } from './model.ts';
import {
  type EngineOptions,
  type LoadResult,
  type LoadSource,
  type PlanSummary,
  type RenderData,
  type SeatChanges,
  SeatplanEngine,
  type StatusSource,
  type StatusUpdate,
} from './engine.ts';

/**
 * The worker entry: the engine, exposed with comlink. Big answers move their typed arrays to the main
 * thread instead of copying them (the engine keeps its own copies).
 */
class WorkerEngine extends SeatplanEngine {
  override async load(
    source: LoadSource,
    options: EngineOptions,
    onSummary?: (summary: PlanSummary) => unknown,
  ): Promise<LoadResult> {
    const r = await super.load(source, options, onSummary);
    const buffers: ArrayBuffer[] = [r.state.buffer as ArrayBuffer];
    if (r.render) {
      // A second copy for the drawing: the page moves it on to the render worker as it is, instead of
      // copying 100,000 seats' arrays on its own thread.
      r.scene = copyRender(r.render);
      buffers.push(...renderBuffers(r.render), ...renderBuffers(r.scene));
    }
    if (r.grid) buffers.push(r.grid.cellStart.buffer as ArrayBuffer, r.grid.cellItems.buffer as ArrayBuffer);
    return transfer(r, buffers);
  }

  override async applyStatus(source: StatusSource): Promise<StatusUpdate> {
    const r = await super.applyStatus(source);
    return transfer(r, [r.changed.buffer as ArrayBuffer, r.states.buffer as ArrayBuffer]);
  }

  override applyChanges(changes: SeatChanges): StatusUpdate {
    const r = super.applyChanges(changes);
    return transfer(r, [r.changed.buffer as ArrayBuffer, r.states.buffer as ArrayBuffer]);
  }
}

function copyRender(d: RenderData): RenderData {
  return {
    ...d,
    x: d.x.slice(),
    y: d.y.slice(),
    px: d.px.slice(),
    py: d.py.slice(),
    flags: d.flags.slice(),
    ticketGroup: d.ticketGroup.slice(),
    section: d.section.slice(),
    row: d.row.slice(),
    style: d.style.slice(),
  };
}

expose(new WorkerEngine());

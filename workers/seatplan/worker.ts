import { expose, transfer } from 'comlink';
import {
  type EngineOptions,
  type LoadResult,
  type LoadSource,
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
  override async load(source: LoadSource, options: EngineOptions): Promise<LoadResult> {
    const r = await super.load(source, options);
    const buffers: ArrayBuffer[] = [r.state.buffer as ArrayBuffer];
    if (r.render) {
      const d = r.render;
      for (const a of [d.x, d.y, d.px, d.py, d.flags, d.ticketGroup, d.section, d.row])
        buffers.push(a.buffer as ArrayBuffer);
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

expose(new WorkerEngine());

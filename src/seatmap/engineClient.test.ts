import { expose } from 'comlink';
import { describe, expect, it } from 'vitest';
import { cinemaHallPlan } from '../../server/seed/seatplans.ts';
import { SeatplanEngine } from '../../workers/seatplan/engine.ts';
import { EngineClient } from './engineClient.ts';

const plan = cinemaHallPlan(
  { venueId: 1, seatplanId: 11, name: 'Hall' },
  { rows: 6, seatsPerRow: 10, levels: { regular: 1 }, variant: 'standard' },
);
const options = { maxSeats: 4, seatingPolicyId: 1 };

/** A stand-in Worker: an engine behind a message port, which the test can kill. */
function fakeWorkerFactory(log: { started: number; ports: MessagePort[] }) {
  return () => {
    const { port1, port2 } = new MessageChannel();
    expose(new SeatplanEngine(), port1);
    log.started++;
    log.ports.push(port2);
    const worker = port2 as unknown as Worker;
    Object.assign(worker, {
      terminate: () => {
        port1.close();
        port2.close();
      },
    });
    return worker;
  };
}

describe('EngineClient', () => {
  it('restarts a dead worker, reloads the plan and the selection, and keeps answering', async () => {
    const log = { started: 0, ports: [] as MessagePort[] };
    const client = new EngineClient(fakeWorkerFactory(log), 2000);
    const reloads: number[] = [];
    client.onRestart = (r) => reloads.push(r.render!.count);
    const loaded = await client.call('load', { plan }, options);
    await client.call('applySelection', [3, 4], true);
    // The worker crashes.
    log.ports[0]!.dispatchEvent(new Event('error'));
    await new Promise((r) => setTimeout(r, 50));
    expect(log.started).toBe(2);
    expect(reloads).toEqual([loaded.render!.count]);
    expect(await client.call('selected')).toEqual([3, 4]);
    expect((await client.call('describe', 0))!.row).toBe('1');
    client.terminate();
  });

  it('replaces a worker that stops answering', async () => {
    const log = { started: 0, ports: [] as MessagePort[] };
    const factory = fakeWorkerFactory(log);
    let hang = true;
    const client = new EngineClient(() => {
      const w = factory();
      if (hang) {
        hang = false;
        // This one never answers: its messages go nowhere.
        return {
          postMessage() {},
          addEventListener() {},
          removeEventListener() {},
          terminate() {},
        } as unknown as Worker;
      }
      return w;
    }, 200);
    const r = await client.call('load', { plan }, options);
    expect(r.ok).toBe(true);
    expect(client.restarts).toBe(1);
    client.terminate();
  });

  it('runs the engine on this thread when no worker can start', async () => {
    const client = new EngineClient(() => {
      throw new Error('workers are not allowed here');
    });
    expect(client.usesWorker).toBe(false);
    const r = await client.call('load', { plan }, options);
    expect(r.ok).toBe(true);
    expect((await client.call('describe', 1))!.seat).toBe('2');
  });
});

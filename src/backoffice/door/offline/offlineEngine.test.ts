import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../../api/client.ts';
import type { ScanResult, ScansBody } from '../../../api/contract/door.ts';
import type { DoorSetup } from '../engine.ts';
import { OfflineDoorEngine } from './offlineEngine.ts';
import { memoryStore } from './store.ts';
import { download, forged, testKey, ticket, toldAnswer } from './testing.ts';
import { verifyWithWebCrypto } from './verifier.ts';

const box = testKey();
const TICKETS = ['TICKETA2', 'TICKETB2', 'TICKETC2', 'TICKETD2'];
const setup: DoorSetup = {
  presentationIds: [7],
  door: 'Main entrance',
  direction: 'in',
  deviceId: 'phone-0001',
};

type Mode = 'up' | 'down' | 'hang' | 'lose-answer';

/**
 * A box office over fakes: it answers a nonce it has seen as the first time (as the real one does) and
 * records each scan once; `mode` cuts it off, hangs until the phone gives up, or takes a call and loses
 * its answer on the way back.
 */
function fakeBoxOffice() {
  const recorded = new Map<string, ScansBody['scans'][number]>();
  const answers = new Map<string, ScanResult>();
  const conflictsFor = new Set<string>();
  /** Nonces whose answer reached the phone, and those the phone sent again after that (none should be). */
  const delivered = new Set<string>();
  const sentAgain: string[] = [];
  const office = {
    sentAgain,
    mode: 'up' as Mode,
    recorded,
    conflictsFor,
    calls: 0,
    async scans(body: ScansBody, signal?: AbortSignal) {
      office.calls += 1;
      sentAgain.push(...body.scans.filter((s) => delivered.has(s.nonce)).map((s) => s.nonce));
      if (office.mode === 'down') throw new ApiCallError('fetch_data_error', 500, 'network away');
      const results = body.scans.map((s) => {
        const first = answers.get(s.nonce);
        if (first) return first;
        recorded.set(s.nonce, s);
        const answer = s.offline
          ? toldAnswer(s, conflictsFor.has(s.code))
          : { ...toldAnswer(s), ticket: ticket('TICKETA2') };
        answers.set(s.nonce, answer);
        return answer;
      });
      if (office.mode === 'lose-answer') throw new ApiCallError('fetch_data_error', 500, 'answer lost');
      if (office.mode === 'hang')
        await new Promise((_, reject) =>
          signal?.addEventListener('abort', () =>
            reject(new ApiCallError('fetch_data_error', 500, 'aborted')),
          ),
        );
      results.forEach((r) => delivered.add(r.nonce));
      return { results };
    },
    download: async () =>
      download(
        box.publicKey,
        TICKETS.map((t) => ticket(t)),
      ),
  };
  return office;
}

function engineOver(office: ReturnType<typeof fakeBoxOffice>, network = { online: true }, batch = 500) {
  const engine = new OfflineDoorEngine({
    calls: office,
    store: Promise.resolve(memoryStore()),
    verify: verifyWithWebCrypto,
    isOnline: () => network.online,
    now: () => Date.now(),
    scanTimeoutMs: 50,
    batch,
  });
  return { engine, network };
}

describe('the offline door engine', () => {
  it('asks the box office while online, decides from the download offline, and queues', async () => {
    const office = fakeBoxOffice();
    const { engine, network } = engineOver(office);
    await engine.refresh([7]);
    await engine.follow([7]);
    expect(engine.status().downloadedAt).toBe('2026-05-01T16:00:00.000Z');

    const online = await engine.scan(box.signed('TICKETA2', 7), setup);
    expect(online).toMatchObject({ verdict: 'admitted', decidedOffline: false });

    network.online = false;
    engine.networkChanged();
    expect(engine.status().online).toBe(false);
    // Let in online a moment ago: this phone knows it without the network.
    expect(await engine.scan(box.signed('TICKETA2', 7), setup)).toMatchObject({
      verdict: 'already_in',
      lastDoor: 'Main entrance',
      decidedOffline: true,
    });
    expect(await engine.scan(box.signed('TICKETB2', 7), setup)).toMatchObject({
      verdict: 'admitted',
      decidedOffline: true,
    });
    expect(await engine.scan(forged('TICKETC2', 7), setup)).toMatchObject({ verdict: 'forged' });
    expect(engine.status().queued).toBe(3);

    network.online = true;
    engine.networkChanged();
    await engine.upload();
    expect(engine.status()).toMatchObject({ online: true, queued: 0, uploading: false, conflicts: [] });
    expect([...office.recorded.values()].filter((s) => s.offline).map((s) => s.offline!.verdict)).toEqual([
      'already_in',
      'admitted',
      'forged',
    ]);
  });

  it('back online, decides a ticket it let in offline itself until the queue is up (no false conflict)', async () => {
    const office = fakeBoxOffice();
    const { engine, network } = engineOver(office);
    await engine.refresh([7]);
    network.online = false;
    await engine.scan(box.signed('TICKETA2', 7), setup);
    network.online = true;
    engine.networkChanged();
    const again = await engine.scan(box.signed('TICKETA2', 7), setup);
    expect(again).toMatchObject({ verdict: 'already_in', decidedOffline: true });
    expect(office.calls).toBe(0);
    await engine.upload();
    expect(engine.status()).toMatchObject({ queued: 0, conflicts: [] });
    // Uploaded: the box office decides this ticket again.
    await engine.scan(box.signed('TICKETA2', 7), setup);
    expect(office.calls).toBe(2);
  });

  it('decides by itself when the box office does not answer in time, and the late scan counts once', async () => {
    const office = fakeBoxOffice();
    const { engine } = engineOver(office);
    await engine.refresh([7]);
    office.mode = 'hang';
    const answer = await engine.scan(box.signed('TICKETA2', 7), setup);
    expect(answer).toMatchObject({ verdict: 'admitted', decidedOffline: true });
    expect(engine.status().online).toBe(false);
    // The box office had received it: the upload sends the same nonce and gets the first answer.
    office.mode = 'up';
    await engine.tick([7]);
    expect(engine.status().queued).toBe(0);
    expect(office.recorded.size).toBe(1);
    expect(office.recorded.has(answer.nonce)).toBe(true);
  });

  it('keeps the box office refusal (a logged-out usher) instead of deciding in its place', async () => {
    const office = fakeBoxOffice();
    const { engine } = engineOver(office);
    await engine.refresh([7]);
    office.scans = async () => {
      throw new ApiCallError('not_authenticated', 401, 'log in');
    };
    await expect(engine.scan('TICKETA2', setup)).rejects.toMatchObject({ statusCode: 401 });
    expect(engine.status().queued).toBe(0);
  });

  it('cannot decide offline without a download for the door, and says so', async () => {
    const { engine } = engineOver(fakeBoxOffice(), { online: false });
    await expect(engine.scan('TICKETA2', setup)).rejects.toBeInstanceOf(ApiCallError);
  });

  it('uploads in batches, keeps the queue while the network is away, and lists conflicts until seen', async () => {
    const office = fakeBoxOffice();
    const { engine, network } = engineOver(office, { online: true }, 2);
    await engine.refresh([7]);
    network.online = false;
    for (const t of TICKETS) await engine.scan(box.signed(t, 7), setup);
    office.conflictsFor.add(box.signed('TICKETC2', 7));

    network.online = true;
    office.mode = 'down';
    await engine.upload();
    expect(engine.status()).toMatchObject({ queued: 4, online: false });

    office.mode = 'up';
    const callsBefore = office.calls;
    await engine.upload();
    expect(office.calls - callsBefore).toBe(2);
    expect(engine.status().queued).toBe(0);
    expect(engine.status().conflicts).toEqual([
      expect.objectContaining({
        door: 'Main entrance',
        lastDoor: 'North door',
        lastAt: '2026-05-01T16:10:00.000Z',
      }),
    ]);
    await engine.acknowledgeConflicts();
    expect(engine.status().conflicts).toEqual([]);
  });

  it('whatever the order of scans and failures, each queued nonce reaches the box office once', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('scan' as const),
        ticket: fc.integer({ min: 0, max: 5 }),
        out: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('upload' as const),
        mode: fc.constantFrom<Mode>('up', 'down', 'lose-answer'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 25 }),
        fc.integer({ min: 1, max: 4 }),
        async (steps, batch) => {
          const office = fakeBoxOffice();
          const { engine, network } = engineOver(office, { online: true }, batch);
          await engine.refresh([7]);
          network.online = false;
          const queued: string[] = [];
          for (const s of steps) {
            if (s.kind === 'scan') {
              const code = s.ticket < TICKETS.length ? box.signed(TICKETS[s.ticket]!, 7) : 'NOBODYX2';
              const answer = await engine.scan(code, { ...setup, direction: s.out ? 'out' : 'in' });
              queued.push(answer.nonce);
            } else {
              office.mode = s.mode;
              network.online = true;
              // Two uploads at once (the online event and the retry timer) run as one.
              await Promise.all([engine.upload(), engine.upload()]);
              network.online = false;
            }
          }
          office.mode = 'up';
          network.online = true;
          await engine.upload();
          expect(engine.status().queued).toBe(0);
          expect([...office.recorded.keys()].sort()).toEqual([...queued].sort());
          expect(office.sentAgain).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

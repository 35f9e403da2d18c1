import { useEffect, useSyncExternalStore } from 'react';
import { doorApi } from '../api.ts';
import type { DoorEngine, DoorSetup } from '../engine.ts';
import { idbStore } from './idbStore.ts';
import { type DoorStatus, OfflineDoorEngine } from './offlineEngine.ts';
import { installDoorPage, keepLoadedFiles } from './pageInstall.ts';
import { memoryStore } from './store.ts';
import { verifyWithWebCrypto } from './verifier.ts';

export type { DoorStatus } from './offlineEngine.ts';

/** The download is made again this often while the door is set up and online. */
const DOWNLOAD_EVERY_MS = 120_000;
/** While scans wait (or the box office stopped answering), it is tried again this often. */
const RETRY_EVERY_MS = 10_000;

let shared: OfflineDoorEngine | null = null;

/** The page's one engine (its queue and entries are the phone's, whatever screen shows them). */
function doorEngine(): OfflineDoorEngine {
  shared ??= new OfflineDoorEngine({
    calls: doorApi,
    store: idbStore()
      .catch(() => null)
      .then((store) => store ?? memoryStore()),
    verify: verifyWithWebCrypto,
    isOnline: () => navigator.onLine,
    now: () => Date.now(),
  });
  return shared;
}

/** Staff have seen the conflicts the banner lists. */
export function acknowledgeConflicts(): Promise<void> {
  return doorEngine().acknowledgeConflicts();
}

/**
 * The engine the door page scans with, and its status. Online the box office decides; while a setup is
 * chosen the presentations' tickets are downloaded at once and every two minutes, so the phone decides
 * by itself when the network goes, and uploads its scans when it comes back. The page also becomes
 * installable and opens offline (pageInstall.ts).
 */
export function useDoorEngine(setup: DoorSetup | null): { engine: DoorEngine; status: DoorStatus } {
  const engine = doorEngine();
  const status = useSyncExternalStore(engine.subscribe, engine.status);
  // The presentations as one string: a new setup object with the same presentations changes nothing.
  const ids = setup ? setup.presentationIds.join(',') : null;

  useEffect(() => installDoorPage(), []);

  useEffect(() => {
    const presentationIds = ids ? ids.split(',').map(Number) : null;
    void engine.follow(presentationIds);
    const download = () => {
      if (presentationIds && navigator.onLine)
        void engine.refresh(presentationIds).then(() => keepLoadedFiles());
    };
    const onNetwork = () => {
      engine.networkChanged();
      if (!navigator.onLine) return;
      void engine.upload();
      download();
    };
    if (navigator.onLine) void engine.upload();
    download();
    window.addEventListener('online', onNetwork);
    window.addEventListener('offline', onNetwork);
    const downloads = setInterval(download, DOWNLOAD_EVERY_MS);
    const retries = setInterval(() => void engine.tick(presentationIds), RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', onNetwork);
      window.removeEventListener('offline', onNetwork);
      clearInterval(downloads);
      clearInterval(retries);
    };
  }, [engine, ids]);

  return { engine, status };
}

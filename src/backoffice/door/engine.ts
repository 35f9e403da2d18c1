import type { ScanResult } from '../../api/contract/door.ts';

/** What the usher set the phone to: the presentations this door admits now, the door, in or out. */
export interface DoorSetup {
  presentationIds: number[];
  door: string;
  direction: 'in' | 'out';
  /** This phone, made once and kept (localStorage): the box office tells the phones' scans apart. */
  deviceId: string;
}

/** A scan's answer as the page shows it. */
export interface DoorAnswer extends ScanResult {
  /** Decided on the phone from its downloaded tickets (the network was away); uploaded later. */
  decidedOffline: boolean;
}

/**
 * Decides scans for the door page. The page knows nothing of where the answer comes from: online it is
 * the box office (one call per scan); offline the engine (offline/offlineEngine.ts) decides from the
 * download and uploads later.
 */
export interface DoorEngine {
  scan(code: string, setup: DoorSetup): Promise<DoorAnswer>;
}

/** A nonce per scan: a retry of the same scan sends the same one, so the box office answers it once. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

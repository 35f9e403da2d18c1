import type { DoorPresentation } from '../../api/contract/door.ts';
import { type DoorSetup, newNonce } from './engine.ts';

/**
 * What the door page keeps on the phone (localStorage): the usher's setup, so a reload goes straight
 * back to scanning, and the phone's device id, made once. The presentations are kept whole (title,
 * time, hall) so the scanning screen can name them without asking the box office first.
 */
export interface SavedDoor {
  presentations: DoorPresentation[];
  door: string;
  direction: 'in' | 'out';
}

const SETUP_KEY = 'door.setup.v1';
const DEVICE_KEY = 'door.device.v1';

/** The storage the page uses; null where the browser refuses it (private mode, tests without one). */
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function isSaved(value: unknown): value is SavedDoor {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SavedDoor>;
  return (
    Array.isArray(v.presentations) &&
    v.presentations.length > 0 &&
    v.presentations.every((p) => typeof p?.id === 'number' && typeof p.startsAt === 'string') &&
    typeof v.door === 'string' &&
    v.door.trim() !== '' &&
    (v.direction === 'in' || v.direction === 'out')
  );
}

/** The setup kept from the last visit; null when there is none or it is not one (an older version). */
export function loadSaved(store: Storage | null = storage()): SavedDoor | null {
  try {
    const value: unknown = JSON.parse(store?.getItem(SETUP_KEY) ?? 'null');
    return isSaved(value) ? value : null;
  } catch {
    return null;
  }
}

export function saveDoor(saved: SavedDoor | null, store: Storage | null = storage()): void {
  try {
    if (saved) store?.setItem(SETUP_KEY, JSON.stringify(saved));
    else store?.removeItem(SETUP_KEY);
  } catch {
    // A full or refused storage: the setup lasts until the page is closed.
  }
}

let memoryDevice: string | null = null;

/** This phone's id for the box office: made once, then always the same (kept beside the setup). */
export function deviceId(store: Storage | null = storage()): string {
  try {
    const kept = store?.getItem(DEVICE_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const made = newNonce();
    store?.setItem(DEVICE_KEY, made);
    if (store) return made;
  } catch {
    // fall through: one id for as long as the page is open
  }
  memoryDevice ??= newNonce();
  return memoryDevice;
}

/** The engine's setup from what the usher chose. */
export function toSetup(saved: SavedDoor, device: string): DoorSetup {
  return {
    presentationIds: saved.presentations.map((p) => p.id),
    door: saved.door.trim(),
    direction: saved.direction,
    deviceId: device,
  };
}

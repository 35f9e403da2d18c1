import { TOAST_MS } from '../timing.ts';

/** A notice shown for a moment (spec section 9: 3,000 ms at top-centre): a text key and its params. */
export interface Toast {
  id: number;
  key: string;
  params?: Record<string, unknown>;
  color?: 'violet' | 'teal' | 'orange' | 'red';
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const l of listeners) l();
}

/**
 * Shows a notice for TOAST_MS. Plain state without React or Mantine: any flow may call it, and the
 * viewport that draws toasts loads only once the first one is shown (ToastHost), never with the board.
 * The time counts from when the toast is drawn (toastDrawn), not from this call: on a slow phone the
 * viewport's chunk may take a while, and the customer still gets the whole 3 s to read it.
 */
export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++;
  publish([...toasts, { ...toast, id }]);
  return id;
}

/** The viewport has drawn this toast: it goes TOAST_MS later (once; a redraw does not restart it). */
export function toastDrawn(id: number): void {
  if (timers.has(id) || !toasts.some((t) => t.id === id)) return;
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_MS),
  );
}

/** Takes a toast away now (its close button). */
export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
}

/** The toasts on screen now (a stable array between changes, for useSyncExternalStore). */
export function currentToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

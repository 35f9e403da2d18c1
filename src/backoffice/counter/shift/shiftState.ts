import { proxy } from 'valtio';

/**
 * The clerk's shift as the counter screen shows it: `version` moves whenever money is taken or given
 * back here (a sale, a collected hold, a refund), so the shift bar reads its running figures again.
 */
export const shiftState = proxy({ version: 0 });

/** Money moved at the counter: the shift's figures are read again. */
export function shiftChanged(): void {
  shiftState.version += 1;
}

/** How long a code must be out of the camera's sight before it is sent again (ms). */
export const SAME_CODE_GAP_MS = 2000;

/**
 * Keeps the camera from sending a code again while the ticket is still held up to it: a code the camera
 * saw in the last `gapMs` is not sent again (so a guest who keeps holding the ticket up after the green
 * is never told "already inside"), nor one whose refusal is still on the screen (the usher is dealing
 * with it; a red answer stays until tapped). A ticket taken away and shown again is sent again. Pure:
 * the caller gives the clock.
 */
export function createScanGate(gapMs = SAME_CODE_GAP_MS) {
  const sent = new Map<string, number>();
  return {
    /** True when the camera may send `code`, seen at `now` (remembered as seen either way). */
    pass(code: string, now: number, onScreen: string | null): boolean {
      const last = sent.get(code);
      for (const [c, at] of sent) if (now - at >= gapMs) sent.delete(c);
      // Every sighting counts: the gap runs from the last time the camera saw the code.
      sent.set(code, now);
      if (code === onScreen) return false;
      return last === undefined || now - last >= gapMs;
    },
  };
}

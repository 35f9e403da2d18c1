/**
 * The benchmark's marks (issue 37: scan to answer under 300 ms on a phone): `door-scan` when a code
 * arrives (the scanner's Enter, the decoder's result, a "Let in"), and the measure `door-answer` from it
 * once the answer has been painted. bench/ reads the measures from the page.
 */
export const SCAN_MARK = 'door-scan';
export const ANSWER_MEASURE = 'door-answer';

export function markScan(): void {
  performance.mark(SCAN_MARK);
}

/** Measures from the last scan's mark to the next frame after the answer rendered (it has painted then). */
export function measureAnswer(): void {
  requestAnimationFrame(() => {
    if (performance.getEntriesByName(SCAN_MARK, 'mark').length === 0) return;
    performance.measure(ANSWER_MEASURE, SCAN_MARK);
    performance.clearMarks(SCAN_MARK);
  });
}

import { processTimes } from '../../server/testing/processWatch.ts';

/** Before the browser tests: the machine's processes' CPU times, for cpuReport.ts at the end. */
export default function cpuWatch(): void {
  process.env.E2E_CPU_BEFORE = JSON.stringify(processTimes());
}

import { readdirSync, readFileSync } from 'node:fs';

/**
 * What the machine's processes did while the tests ran (Linux `/proc`; elsewhere nothing). CI once took
 * four times its usual time in the browser tests on an otherwise normal run: these say, in the run's own
 * output, which processes took the CPU, and sweep up box offices or balancers a test left running.
 */
export interface ProcessTimes {
  at: number;
  /** CPU seconds (user and system, with those of its children that ended) per process id, with its command line. */
  byPid: Record<string, { cpuS: number; cmd: string }>;
}

const TICKS_PER_S = 100;

function readProcess(pid: string): { cpuS: number; cmd: string; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Its own user and system time, and its children's that ended (Chromium's under the test runner).
    // Not for init (pid 1): it reaps every orphan on the machine, whatever ran it.
    const cpuS = fields.slice(11, pid === '1' ? 13 : 15).reduce((sum, f) => sum + Number(f), 0) / TICKS_PER_S;
    const cmd =
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() ||
      stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    return { cpuS, cmd: cmd.slice(0, 160), ppid: Number(fields[1]) };
  } catch {
    return null; // gone meanwhile, or not ours to read
  }
}

const pids = (): string[] => {
  try {
    return readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return [];
  }
};

export function processTimes(): ProcessTimes {
  const byPid: ProcessTimes['byPid'] = {};
  for (const pid of pids()) {
    const p = readProcess(pid);
    if (p) byPid[pid] = { cpuS: p.cpuS, cmd: p.cmd };
  }
  return { at: Date.now(), byPid };
}

/** One line: how busy the machine was since `before`, and the processes that took most of its CPU. */
export function busiestSince(before: ProcessTimes, top = 6): string {
  const now = processTimes();
  const wallS = (now.at - before.at) / 1000;
  const used = Object.entries(now.byPid).map(([pid, p]) => ({
    pid,
    cmd: p.cmd,
    cpuS: p.cpuS - (before.byPid[pid]?.cmd === p.cmd ? before.byPid[pid]!.cpuS : 0),
  }));
  const total = used.reduce((s, p) => s + p.cpuS, 0);
  const list = used
    .sort((a, b) => b.cpuS - a.cpuS)
    .slice(0, top)
    .map((p) => `${p.cpuS.toFixed(0)} s ${p.pid} ${p.cmd}`);
  return (
    `${wallS.toFixed(0)} s: ${(total / wallS).toFixed(2)} cores busy on average (the processes alive at the end, with the children they reaped; ` +
    `${process.env.CI ? 'CI' : 'local'}); most CPU:\n  ${list.join('\n  ')}`
  );
}

/** Marks the processes the tests start (an environment variable they inherit). */
export const RUN_TAG = 'BOXOFFICE_TEST_RUN';

/**
 * Processes still carrying this run's tag that the test runner `runner` did not start itself (its
 * workers and helpers are its children; what a test started outlives the test's worker as an orphan).
 */
export function leftProcesses(tag: string, runner: number): { pid: number; cmd: string }[] {
  const found: { pid: number; cmd: string }[] = [];
  for (const pid of pids()) {
    if (Number(pid) === runner) continue;
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (!env.includes(`${RUN_TAG}=${tag}`)) continue;
    } catch {
      continue;
    }
    const p = readProcess(pid);
    if (p && p.ppid !== runner) found.push({ pid: Number(pid), cmd: p.cmd });
  }
  return found;
}

import { readFileSync } from 'node:fs';

/**
 * Where the machine's CPU went during a phase (Linux /proc; zeros elsewhere): the load generator (this
 * process), the box-office processes, and the rest (PostgreSQL, and whatever else runs). On a machine
 * shared by the generator, the database and the box office, this is what tells a slow box office from
 * a starved one.
 */
export interface CpuMark {
  at: number;
  self: NodeJS.CpuUsage;
  busyTicks: number;
  procTicks: number;
}

const TICKS_PER_SECOND = 100;

function machineBusyTicks(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [, ...fields] = line.trim().split(/\s+/).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return fields.slice(0, 8).reduce((a, b) => a + b, 0) - idle;
  } catch {
    return 0;
  }
}

function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses): utime and stime are 12 and 13.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(rest[11]) + Number(rest[12]);
  } catch {
    return 0;
  }
}

export function cpuMark(pids: readonly number[]): CpuMark {
  return {
    at: performance.now(),
    self: process.cpuUsage(),
    busyTicks: machineBusyTicks(),
    procTicks: pids.reduce((a, pid) => a + processTicks(pid), 0),
  };
}

/** CPU seconds of each part between two marks, and how busy the whole machine was (in cores). */
export function cpuSince(start: CpuMark, pids: readonly number[]) {
  const end = cpuMark(pids);
  const wallS = (end.at - start.at) / 1000;
  const loadGenerator = (end.self.user - start.self.user + end.self.system - start.self.system) / 1e6;
  const boxOffice = (end.procTicks - start.procTicks) / TICKS_PER_SECOND;
  const machine = (end.busyTicks - start.busyTicks) / TICKS_PER_SECOND;
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    wallS: r(wallS),
    loadGeneratorS: r(loadGenerator),
    boxOfficeS: r(boxOffice),
    /** PostgreSQL and everything else on the machine. */
    restS: r(Math.max(0, machine - loadGenerator - boxOffice)),
    /** Average cores busy over the phase. */
    machineCores: wallS > 0 ? r(machine / wallS) : 0,
  };
}

export type CpuUse = ReturnType<typeof cpuSince>;

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

/**
 * Separate hosts on one machine, for the multi-host test: a network namespace per host, each with its own
 * address on a bridge in the root namespace (10.77.N.0/24: the bridge is .1, host k is .1k), so a process
 * started with `host.exec` binds and connects as that host, and the root namespace (the load balancer,
 * the test) reaches it at `host.address`. Needs root; `namespacesUnavailable` says why not.
 *
 * Names carry the test process's pid (`bomh-<pid>-h1`, links `bomh<pid>…`), so runs do not meet, and a
 * run that was killed before its cleanup is swept by the next one (`sweepStale`).
 */
export interface Host {
  name: string;
  /** The namespace (`ip netns exec <ns> …`). */
  ns: string;
  address: string;
  /** The command prefix that runs a program on this host. */
  exec: string[];
}

export interface HostNetwork {
  /** The root namespace's address on the bridge: what the hosts reach the machine's services at. */
  gateway: string;
  hosts: Host[];
  /** SIGKILLs every process on the host (its whole process tree, and anything else it runs); their pids. */
  killAll(host: Host): Promise<number[]>;
  /** Kills what still runs on the hosts and removes the namespaces, links and bridge. Safe to call twice. */
  destroy(): Promise<void>;
}

const sh = promisify(execFile);
const PREFIX = 'bomh';

/**
 * `command` set to be SIGKILLed when the test process dies (setpriv --pdeathsig, where util-linux has
 * it): a test killed before its cleanup leaves no box office or balancer running. The prefix execs, so
 * the child's pid stays the command's.
 */
export function diesWithTest(command: string[]): string[] {
  return existsSync('/usr/bin/setpriv') ? ['/usr/bin/setpriv', '--pdeathsig', 'KILL', ...command] : command;
}

async function ip(...args: string[]): Promise<string> {
  return (await sh('ip', args)).stdout;
}

/** Runs every step in order, each whether or not the one before failed (a cleanup after a half-made setup). */
async function eachOf(steps: (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) await step().catch(() => undefined);
}

/** Why this machine cannot run separate hosts (a sentence for the skip message), or null when it can. */
export async function namespacesUnavailable(): Promise<string | null> {
  if (process.platform !== 'linux') return 'network namespaces need Linux';
  if (process.getuid?.() !== 0) return 'network namespaces need root (the test runs as a normal user)';
  const probe = `${PREFIX}-probe-${process.pid}`;
  try {
    await ip('netns', 'add', probe);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return 'the ip command (iproute2) is not installed';
    const reason = (error as { stderr?: string }).stderr?.trim() || String(error);
    return `network namespaces are not allowed here (ip netns add: ${reason})`;
  }
  await ip('netns', 'del', probe).catch(() => undefined);
  return null;
}

async function pidsIn(ns: string): Promise<number[]> {
  const out = await ip('netns', 'pids', ns).catch(() => '');
  return out
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

async function killEverything(ns: string): Promise<number[]> {
  // `ip netns exec` execs (no fork), and a dying process's children stay in its namespace: two passes
  // catch a child forked while the first pass ran.
  const killed: number[] = [];
  for (let pass = 0; pass < 2; pass++) {
    const pids = await pidsIn(ns);
    for (const pid of pids) killQuietly(pid);
    killed.push(...pids.filter((p) => !killed.includes(p)));
  }
  return killed;
}

/** Removes what runs of the multi-host test left when they were killed before their cleanup. */
export async function sweepStale(): Promise<void> {
  const alive = (pid: number) => existsSync(`/proc/${pid}`);
  const namespaces = (await ip('netns', 'list').catch(() => ''))
    .split('\n')
    .map((l) => l.split(' ')[0] ?? '')
    .filter((n) => n.startsWith(`${PREFIX}-`));
  for (const ns of namespaces) {
    const owner = Number(new RegExp(`^${PREFIX}-(?:probe-)?(\\d+)`).exec(ns)?.[1]);
    if (!owner || alive(owner)) continue;
    await killEverything(ns);
    await ip('netns', 'del', ns).catch(() => undefined);
  }
  const links = (await ip('-o', 'link', 'show').catch(() => ''))
    .split('\n')
    .map((l) => /^\d+:\s+([^:@\s]+)/.exec(l)?.[1] ?? '')
    .filter((n) => n.startsWith(PREFIX));
  for (const link of links) {
    const owner = Number(new RegExp(`^${PREFIX}(\\d+)`).exec(link)?.[1]);
    if (owner && !alive(owner)) await ip('link', 'del', link).catch(() => undefined);
  }
}

/**
 * `count` hosts on a bridge of their own, on a 10.77.N.0/24 no interface of the machine is on yet (N
 * from the pid, then the next free one); a failure half-way removes what was made.
 */
export async function createHosts(count: number): Promise<HostNetwork> {
  const tag = String(process.pid);
  const taken = await ip('-o', '-4', 'addr', 'show');
  let octet = 20 + (process.pid % 230);
  for (let i = 0; i < 230 && taken.includes(` 10.77.${octet}.`); i++) octet = 20 + ((octet - 19) % 230);
  const net = `10.77.${octet}`;
  const bridge = `${PREFIX}${tag}br`;
  const hosts: Host[] = Array.from({ length: count }, (_, i) => {
    const ns = `${PREFIX}-${tag}-h${i + 1}`;
    const address = `${net}.${11 + i}`;
    return { name: `h${i + 1}`, ns, address, exec: diesWithTest(['ip', 'netns', 'exec', ns]) };
  });
  let destroyed = false;
  const network: HostNetwork = {
    gateway: `${net}.1`,
    hosts,
    killAll: (host) => killEverything(host.ns),
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await eachOf([
        ...hosts.map((h) => () => killEverything(h.ns)),
        // Deleting one end of a veth pair deletes both.
        ...hosts.map((_, i) => () => ip('link', 'del', `${PREFIX}${tag}h${i + 1}`)),
        () => ip('link', 'del', bridge),
        ...hosts.map((h) => () => ip('netns', 'del', h.ns)),
      ]);
    },
  };
  try {
    await ip('link', 'add', bridge, 'type', 'bridge');
    await ip('addr', 'add', `${network.gateway}/24`, 'dev', bridge);
    await ip('link', 'set', bridge, 'up');
    for (const [i, host] of hosts.entries()) {
      const outside = `${PREFIX}${tag}h${i + 1}`;
      await ip('netns', 'add', host.ns);
      await ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', host.ns);
      await ip('link', 'set', outside, 'master', bridge);
      await ip('link', 'set', outside, 'up');
      await ip('-n', host.ns, 'addr', 'add', `${host.address}/24`, 'dev', 'eth0');
      await ip('-n', host.ns, 'link', 'set', 'eth0', 'up');
      await ip('-n', host.ns, 'link', 'set', 'lo', 'up');
    }
  } catch (error) {
    await network.destroy();
    throw error;
  }
  return network;
}

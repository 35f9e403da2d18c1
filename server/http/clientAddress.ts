import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The client address the per-address limits count (holds, call rates, visitor ids, logins): the
     * address itself for IPv4, the /64 network for IPv6. One IPv6 customer is given a whole /64 and may
     * pick any address in it, so counting single IPv6 addresses would let one machine be 2^64 callers.
     */
    readonly clientAddress: string;
  }
}

/** `ip` as the limits count it: IPv4 (also IPv4-mapped IPv6) as it is, IPv6 as its /64 (`2001:db8:1:2::/64`). */
export function clientAddressOf(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%', 1)[0]!;
  if (!isIPv6(bare)) return ip;
  const [head = '', tail] = bare.split('::');
  const front = head ? head.split(':') : [];
  // A trailing dotted quad (NAT64's 64:ff9b::1.2.3.4) stands for two groups.
  const back = (tail ? tail.split(':') : []).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Decorates every request with its `clientAddress` (computed when read). */
export function clientAddress(app: FastifyInstance): void {
  app.decorateRequest('clientAddress', {
    getter(this: { ip: string }) {
      return clientAddressOf(this.ip);
    },
  });
}

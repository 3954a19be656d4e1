// Addresses a bot must not reach on its author's behalf (ARCHITECTURE.md: outbound requests
// refuse private and loopback targets unless ALLOW_PRIVATE_TARGETS=1): loopback, private
// networks, link-local (cloud metadata lives at 169.254.169.254), carrier-grade NAT, multicast,
// reserved and documentation ranges, and the IPv6 forms that embed an IPv4 address.
import dns from 'node:dns';
import net from 'node:net';

// Two lists: Node checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d), so a rule
// for mapped addresses in a shared list would catch every IPv4 address.
const blocked4 = new net.BlockList();
const blocked6 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127], // :: and ::1
  ['64:ff9b::', 96], // NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked6.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:127.0.0.1), or null. */
function mappedIpv4(address: string): string | null {
  const normalized = new URL(`http://[${address}]`).hostname.slice(1, -1).toLowerCase();
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(normalized);
  if (!match) return null;
  const high = parseInt(match[1], 16);
  const low = parseInt(match[2], 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked4.check(address, 'ipv4');
  const mapped = mappedIpv4(address);
  return mapped ? blocked4.check(mapped, 'ipv4') : blocked6.check(address, 'ipv6');
}

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
}

type LookupCallback = (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses names resolving to a private address. The socket
 * connects to the address checked here, so a name cannot pass the check and then rebind.
 */
export function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as dns.LookupAddress[];
    if (!list.length || list.some((a) => isPrivateAddress(a.address))) {
      return callback(new BlockedAddressError(`${hostname} resolves to a private address`), []);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

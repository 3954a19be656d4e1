// Addresses a bot must not reach on its author's behalf (ARCHITECTURE.md: outbound requests
// refuse private and loopback targets unless ALLOW_PRIVATE_TARGETS=1). Only ordinary public
// unicast addresses pass; every special-purpose range of IANA's IPv4 and IPv6 registries
// (loopback, private, link-local — cloud metadata lives at 169.254.169.254 —, carrier-grade NAT,
// multicast, reserved, documentation, benchmarking, …) is refused. Ranges come from ipaddr.js,
// which follows the registries, rather than from a hand-written list.
//
// IPv6 forms that carry an IPv4 address are judged by that address: IPv4-mapped (::ffff:a.b.c.d),
// the deprecated IPv4-compatible form (::a.b.c.d, e.g. ::7f00:1), NAT64's well-known prefix
// (64:ff9b::/96) and 6to4 (2002:aabb:ccdd::/48). Forms whose address cannot be read plainly or
// that only make sense inside a network (IPv4-translated ::ffff:0:a.b.c.d, local-use NAT64
// 64:ff9b:1::/48, Teredo) are refused outright.
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/** IPv6 ranges judged by the IPv4 address in their last 32 bits. */
const LAST_32_BITS_IPV4 = new Set(['ipv4Mapped', 'rfc6052']);

/** Special-purpose IPv6 ranges ipaddr.js 2.5 does not name (RFC 9780's dummy prefix). */
const MORE_IPV6_SPECIAL: [ipaddr.IPv6, number][] = [[ipaddr.IPv6.parse('100:0:0:1::'), 64]];

function isPublicIpv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

function isPublicIpv6(address: ipaddr.IPv6): boolean {
  const range = address.range();
  const parts = address.parts;
  if (range === 'rfc6052') {
    // Only the well-known /96 prefix carries a plain IPv4 address; 64:ff9b:1::/48 is local use.
    return address.match(ipaddr.IPv6.parse('64:ff9b::'), 96) && isPublicIpv4(ipv4Of(parts[6], parts[7]));
  }
  if (LAST_32_BITS_IPV4.has(range)) return isPublicIpv4(ipv4Of(parts[6], parts[7]));
  if (range === '6to4') return isPublicIpv4(ipv4Of(parts[1], parts[2]));
  if (range !== 'unicast') return false;
  // ::/96 without the unspecified and loopback addresses: the deprecated IPv4-compatible form.
  if (parts.slice(0, 6).every((p) => p === 0)) return isPublicIpv4(ipv4Of(parts[6], parts[7]));
  return !MORE_IPV6_SPECIAL.some(([network, bits]) => address.match(network, bits));
}

/** True for anything but a plain public unicast address (and for text that is not an address). */
export function isPrivateAddress(text: string): boolean {
  if (!ipaddr.isValid(text)) return true;
  const address = ipaddr.parse(text);
  return address.kind() === 'ipv4'
    ? !isPublicIpv4(address as ipaddr.IPv4)
    : !isPublicIpv6(address as ipaddr.IPv6);
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

/** RFC 6761: `localhost` and every name under `.localhost` are the loopback address. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The `lookup` of outbound requests: `*.localhost` names are loopback without asking DNS (as
 * browsers do, RFC 6761), which lets local fakes carry a domain name; other names resolve as
 * usual. Private results are refused unless private targets are allowed, or the name is one of
 * `allowedHosts` (an operator's intranet site, a test's fake server).
 */
export function outboundLookup(allowPrivate: boolean, allowedHosts: readonly string[] = []) {
  const allowed = new Set(allowedHosts.map((h) => h.toLowerCase()));
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    const trusted = allowPrivate || allowed.has(hostname.toLowerCase());
    if (isLocalhostName(hostname)) {
      if (!trusted) return callback(new BlockedAddressError(`${hostname} is a loopback name`), []);
      if (options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
      return callback(null, '127.0.0.1', 4);
    }
    if (trusted) {
      dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        const list = addresses as dns.LookupAddress[];
        if (options.all) return callback(null, list);
        callback(null, list[0].address, list[0].family);
      });
      return;
    }
    publicOnlyLookup(hostname, options, callback);
  };
}

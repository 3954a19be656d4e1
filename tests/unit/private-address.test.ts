// Every entry of IANA's IPv4 and IPv6 Special-Purpose Address Registries (as of 2025), plus
// multicast, with an address inside it: none may be reached by a bot. Then the IPv6 forms that
// carry an IPv4 address, judged by that address.
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../server/adapters/private-address.js';

const IPV4_SPECIAL: [string, string][] = [
  ['0.0.0.0/8 "this network"', '0.1.2.3'],
  ['0.0.0.0/32 "this host"', '0.0.0.0'],
  ['10.0.0.0/8 private', '10.20.30.40'],
  ['100.64.0.0/10 shared address space (CGN)', '100.127.255.254'],
  ['127.0.0.0/8 loopback', '127.0.0.1'],
  ['127.0.0.0/8 loopback, far end', '127.255.255.254'],
  ['169.254.0.0/16 link-local (cloud metadata)', '169.254.169.254'],
  ['172.16.0.0/12 private', '172.31.255.1'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.1'],
  ['192.0.0.0/29 IPv4 service continuity prefix', '192.0.0.6'],
  ['192.0.0.8/32 IPv4 dummy address', '192.0.0.8'],
  ['192.0.0.9/32 port control protocol anycast', '192.0.0.9'],
  ['192.0.0.10/32 TURN anycast', '192.0.0.10'],
  ['192.0.0.170/32 NAT64/DNS64 discovery', '192.0.0.170'],
  ['192.0.0.171/32 NAT64/DNS64 discovery', '192.0.0.171'],
  ['192.0.2.0/24 documentation (TEST-NET-1)', '192.0.2.55'],
  ['192.31.196.0/24 AS112-v4', '192.31.196.1'],
  ['192.52.193.0/24 AMT', '192.52.193.1'],
  ['192.88.99.0/24 deprecated 6to4 relay anycast', '192.88.99.1'],
  ['192.168.0.0/16 private', '192.168.1.1'],
  ['192.175.48.0/24 direct delegation AS112', '192.175.48.6'],
  ['198.18.0.0/15 benchmarking', '198.19.0.1'],
  ['198.51.100.0/24 documentation (TEST-NET-2)', '198.51.100.7'],
  ['203.0.113.0/24 documentation (TEST-NET-3)', '203.0.113.9'],
  ['224.0.0.0/4 multicast', '239.255.255.250'],
  ['240.0.0.0/4 reserved', '250.1.2.3'],
  ['255.255.255.255/32 limited broadcast', '255.255.255.255'],
];

const IPV6_SPECIAL: [string, string][] = [
  ['::/128 unspecified', '::'],
  ['::1/128 loopback', '::1'],
  ['::ffff:0:0/96 IPv4-mapped, of a private address', '::ffff:10.0.0.1'],
  ['::ffff:0:0/96 IPv4-mapped, hex spelling of loopback', '::ffff:7f00:1'],
  ['64:ff9b::/96 NAT64 well-known prefix, of loopback', '64:ff9b::7f00:1'],
  ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::808:808'],
  ['100::/64 discard-only', '100::1'],
  ['100:0:0:1::/64 dummy IPv6 prefix', '100:0:0:1::1'],
  ['2001::/23 IETF protocol assignments', '2001:1::1'],
  ['2001::/32 Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['2001:1::1/128 port control protocol anycast', '2001:1::1'],
  ['2001:1::2/128 TURN anycast', '2001:1::2'],
  ['2001:1::3/128 DNS-SD service registration', '2001:1::3'],
  ['2001:2::/48 benchmarking', '2001:2::5'],
  ['2001:3::/32 AMT', '2001:3::1'],
  ['2001:4:112::/48 AS112-v6', '2001:4:112::1'],
  ['2001:10::/28 deprecated ORCHID', '2001:10::1'],
  ['2001:20::/28 ORCHIDv2', '2001:20::1'],
  ['2001:30::/28 drone remote ID', '2001:30::1'],
  ['2001:db8::/32 documentation', '2001:db8::1'],
  ['2002::/16 6to4, of a private address', '2002:a00:1::1'],
  ['2620:4f:8000::/48 direct delegation AS112', '2620:4f:8000::1'],
  ['3fff::/20 documentation', '3fff::1'],
  ['5f00::/16 segment routing (SRv6) SIDs', '5f00::1'],
  ['fc00::/7 unique local', 'fd12:3456:789a::1'],
  ['fe80::/10 link-local', 'fe80::1'],
  ['fec0::/10 deprecated site-local', 'fec0::1'],
  ['ff00::/8 multicast', 'ff02::1'],
];

// The forms of issue 14 that used to pass: IPv4 hidden in IPv6.
const EMBEDDED_PRIVATE = [
  '::7f00:1', // IPv4-compatible 127.0.0.1
  '::127.0.0.1',
  '::a9fe:a9fe', // IPv4-compatible 169.254.169.254
  '::ffff:0:7f00:1', // IPv4-translated 127.0.0.1
  '::ffff:0:808:808', // IPv4-translated, refused whatever it carries
  '64:ff9b:1::7f00:1',
  '64:ff9b::a9fe:a9fe',
  '2002:7f00:1::', // 6to4 of 127.0.0.1
  '::ffff:169.254.169.254',
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80e::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808', // NAT64 of 8.8.8.8, as DNS64 answers on an IPv6-only host
  '2002:808:808::1', // 6to4 of 8.8.8.8
];

describe('isPrivateAddress', () => {
  it.each(IPV4_SPECIAL)('refuses IPv4 %s (%s)', (_range, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(IPV6_SPECIAL)('refuses IPv6 %s (%s)', (_range, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(EMBEDDED_PRIVATE)('refuses the IPv4-carrying IPv6 form %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(PUBLIC)('lets the public address %s through', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('refuses what is not an address at all', () => {
    for (const text of ['', 'localhost', 'example.com', '999.1.1.1', '::g']) {
      expect(isPrivateAddress(text), text).toBe(true);
    }
  });
});

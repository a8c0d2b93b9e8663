import dns from 'node:dns';
import net, { BlockList } from 'node:net';

// The addresses a request made for a school's administrator may reach (docs/decisions/0137): public
// unicast only. Checked in the socket's own DNS lookup, so every connection (each redirect, each
// retry, a name that resolves differently the second time) is checked on the address it really
// uses, never by a look-up made before it.

// Two lists: a BlockList checks an IPv4 address against its IPv6 rules too (as ::ffff:a.b.c.d), so
// one list holding ::ffff:0:0/96 would refuse every IPv4 address.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and IPv4-compatible forms
  ['::ffff:0:0', 96], // IPv4-mapped: any IPv4 address written as IPv6
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local (fd00:ec2::254, the cloud metadata address, among them)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked6.addSubnet(network, prefix, 'ipv6');
}

export const NOT_PUBLIC = 'The source address must be a public internet address, not one inside this network.';

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return family === 4 ? !blocked4.check(address, 'ipv4') : !blocked6.check(address, 'ipv6');
}

/** A host name without its IPv6 brackets. */
export const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls connections that refuses a name resolving to any address `allow` refuses
 * (all of them are checked: a name with one public and one private address is refused).
 */
export function guardedLookup(allow: (address: string) => boolean = isPublicAddress) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((a) => !allow(a.address))) {
        const refused: NodeJS.ErrnoException = new Error(NOT_PUBLIC);
        refused.code = 'ENOTPUBLIC';
        return callback(refused, []);
      }
      if (options.all) return callback(null, list);
      const first = list[0] as dns.LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { isLoopbackHost, isPrivateAddress } from '../../lib/ip-address';

/**
 * Ranges that are no public host besides those of `isPrivateAddress`
 * (loopback, RFC 1918, link-local, unique-local): "this network", carrier-grade
 * NAT, IETF protocol assignments, benchmarking, multicast, reserved, the
 * unspecified IPv6 address and IPv6 multicast. A push endpoint there would make
 * the server a proxy into networks it can reach and the Internet cannot.
 */
const notPublic = new net.BlockList();
notPublic.addSubnet('0.0.0.0', 8, 'ipv4');
notPublic.addSubnet('100.64.0.0', 10, 'ipv4');
notPublic.addSubnet('192.0.0.0', 24, 'ipv4');
notPublic.addSubnet('198.18.0.0', 15, 'ipv4');
notPublic.addSubnet('224.0.0.0', 4, 'ipv4');
notPublic.addSubnet('240.0.0.0', 4, 'ipv4');
notPublic.addAddress('::', 'ipv6');
notPublic.addSubnet('ff00::', 8, 'ipv6');

/** Whether an IP address (v4, v6 or v4-mapped v6) is one the Internet can route to us. */
export function isPublicAddress(address: string): boolean {
  if (isPrivateAddress(address) || isLoopbackHost(address)) return false;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  const bare = mapped?.[1] ?? address;
  if (net.isIPv4(bare)) return !notPublic.check(bare, 'ipv4');
  if (net.isIPv6(bare)) return !notPublic.check(bare, 'ipv6');
  return false;
}

/** `[::1]` → `::1`: URL host names keep the brackets of an IPv6 literal. */
const bareHostname = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why an endpoint may not be subscribed or sent to, or null when it may
 * (DESIGN.md §7.11): only `https://` on a host that is not a literal private,
 * loopback, link-local or unique-local address nor `localhost`. With
 * PUSH_ALLOW_LOOPBACK the tests' local push service (`http://127.0.0.1:…`,
 * `http://localhost:…`, `[::1]`) passes too, and nothing else more.
 */
export function endpointRefusal(endpoint: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not_a_url';
  }
  if (url.username || url.password) return 'credentials_in_url';
  const host = bareHostname(url.hostname);
  const loopbackAllowed = allowLoopback && isLoopbackHost(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackAllowed)) {
    return 'not_https';
  }
  if (loopbackAllowed) return null;
  if (isLoopbackHost(host)) return 'loopback_host';
  if (net.isIP(host) && !isPublicAddress(host)) return 'private_address';
  // A single-label name (`intranet`, `router`) resolves only inside a network.
  if (!net.isIP(host) && !host.includes('.')) return 'private_address';
  return null;
}

/**
 * A `lookup` for the push request's socket: resolves the name as usual and
 * refuses when any answer is not a public address, so a name that resolves
 * (or later re-resolves: DNS rebinding) to an inner address is never
 * connected to. Node calls it with `all: true` when it races address
 * families (autoSelectFamily), with a single answer otherwise; both are served.
 */
export function publicOnlyLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find(
        (a) => !isPublicAddress(a.address) && !(allowLoopback && isLoopbackHost(a.address)),
      );
      const first = addresses[0];
      if (refused || !first) {
        const denied = Object.assign(
          new Error(`push endpoint ${hostname} resolves to a non-public address`),
          { code: 'EPUSHPRIVATE' },
        );
        return callback(denied, '', 0);
      }
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(
          null,
          addresses,
        );
      }
      return callback(null, first.address, first.family);
    });
  };
}

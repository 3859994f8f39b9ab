import net from 'node:net';

/** Strips `[…]` around an IPv6 literal (URL hostnames keep them) and an IPv6 zone (`%eth0`). */
function bareHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
}

/** `::ffff:1.2.3.4` is an IPv4 client on a dual-stack socket: treat it as `1.2.3.4`. */
function unmapIpv4(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  return mapped?.[1] ?? address;
}

/** Whether a host name or address only ever means this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const bare = unmapIpv4(bareHost(host));
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return expandIpv6(bare).join(':') === '0:0:0:0:0:0:0:1';
  return false;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function expandIpv6(address: string): string[] {
  let text = address;
  // An embedded IPv4 tail (`::ffff:10.0.0.1`, `64:ff9b::1.2.3.4`) is two more groups.
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    const groups = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    text = text.slice(0, -tail[0].length) + groups;
  }
  const [head = '', rest] = text.split('::');
  const before = head ? head.split(':') : [];
  const after = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - before.length - after.length).fill('0');
  return [...before, ...zeros, ...after].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * The key per-address limits count under. IPv4 is kept whole; an IPv6 client
 * is grouped by its /64, because one subscriber usually holds a whole /64
 * and could otherwise pick a fresh address (and a fresh budget) per request.
 */
export function throttleAddress(ip: string): string {
  const bare = unmapIpv4(bareHost(ip));
  if (!net.isIPv6(bare)) return bare;
  return `${expandIpv6(bare).slice(0, 4).join(':')}::/64`;
}

/** Loopback and private ranges: where a reverse proxy of ours can be, never a client from the Internet. */
const privateRanges = new net.BlockList();
privateRanges.addSubnet('127.0.0.0', 8, 'ipv4');
privateRanges.addSubnet('10.0.0.0', 8, 'ipv4');
privateRanges.addSubnet('172.16.0.0', 12, 'ipv4');
privateRanges.addSubnet('192.168.0.0', 16, 'ipv4');
privateRanges.addSubnet('169.254.0.0', 16, 'ipv4');
privateRanges.addAddress('::1', 'ipv6');
privateRanges.addSubnet('fc00::', 7, 'ipv6');
privateRanges.addSubnet('fe80::', 10, 'ipv6');

/** Whether an address is loopback or private (RFC 1918, link-local, IPv6 unique-local). */
export function isPrivateAddress(address: string): boolean {
  const bare = unmapIpv4(bareHost(address));
  if (net.isIPv4(bare)) return privateRanges.check(bare, 'ipv4');
  if (net.isIPv6(bare)) return privateRanges.check(bare, 'ipv6');
  return false;
}

import net from 'node:net';
import { isPrivateAddress } from './lib/ip-address';

/**
 * What Fastify's `trustProxy` receives: false (use the socket's address), a hop
 * count, or the proxies' addresses/CIDRs. Never `true`: that trusts every hop,
 * so the left-most X-Forwarded-For entry, which the client writes, would
 * become its address (security review 2026-11, finding 12).
 */
export type TrustProxy = false | number | string[];

const MAX_HOPS = 10;
/** proxy-addr's names for whole ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = net.isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; a string result is the reason it was refused. */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | string {
  const text = raw?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return { value: false };
  if (text === 'true') {
    return 'true would trust every hop, so clients could choose their address; give a hop count (1) or the proxy addresses';
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) return `at most ${MAX_HOPS} hops`;
    return { value: hops };
  }
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined || !entries.length) {
    return `"${bad ?? text}" is neither a hop count nor an address or CIDR (e.g. 1 or 127.0.0.1,10.0.0.0/8)`;
  }
  return { value: entries };
}

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * Fastify's option for a parsed TRUST_PROXY. A hop count trusts that many
 * proxies, each only on a loopback or private address: a client on the
 * Internet that reaches the server directly is never taken for a proxy, so its
 * X-Forwarded-For is ignored. (Fastify itself treats a bare number as "trust
 * nothing", and a count alone would trust any direct client.)
 */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | TrustFunction {
  if (typeof value !== 'number') return value;
  return (address, hop) => hop < value && isPrivateAddress(address);
}

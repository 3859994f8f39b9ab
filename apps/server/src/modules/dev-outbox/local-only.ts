import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { isLoopbackHost } from '../../lib/ip-address';

/** The host name of a Host header (`[::1]:3000` → `::1`), or null when it is not one. */
function hostName(header: string | undefined): string | null {
  if (!header) return null;
  try {
    return new URL(`http://${header}`).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return null;
  }
}

/**
 * The dev outbox holds live codes and reset links, so it answers only a browser
 * on this machine (finding 15):
 * - the socket's peer and the client address (after a trusted proxy) are loopback,
 *   so neither `HOST=0.0.0.0` nor a local reverse proxy publishes it;
 * - the Host header names loopback or PUBLIC_URL's host, so a page on another
 *   domain that DNS-rebinds its name to 127.0.0.1 cannot read it.
 */
export function isLocalOutboxRequest(request: FastifyRequest, config: Config): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  if (!isLoopbackHost(peer) || !isLoopbackHost(request.ip)) return false;
  const host = hostName(request.headers.host);
  if (host === null) return false;
  return isLoopbackHost(host) || host === new URL(config.publicUrl).hostname;
}

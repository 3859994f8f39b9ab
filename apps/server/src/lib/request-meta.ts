import type { FastifyRequest } from 'fastify';
import { throttleAddress } from './ip-address';

/** Who is asking, for the security log and throttling. */
export interface RequestMeta {
  /** The client's full address: what the security log, sessions and request logs keep. */
  ip: string;
  /** The same address as per-address limits count it (IPv6 grouped by /64): use it in limiter keys. */
  throttleAddress: string;
  userAgent: string | null;
}

/** request.ip honours X-Forwarded-For only from the proxies TRUST_PROXY names (see app.ts). */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return {
    ip: request.ip,
    throttleAddress: throttleAddress(request.ip),
    userAgent: typeof agent === 'string' ? agent : null,
  };
}

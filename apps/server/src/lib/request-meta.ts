import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from '../deps';

/** request.ip honours X-Forwarded-For only when TRUST_PROXY is set (see app.ts). */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

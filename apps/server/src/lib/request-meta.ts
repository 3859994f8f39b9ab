import type { FastifyRequest } from 'fastify';

/** Who is asking, for the security log and throttling. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** request.ip honours X-Forwarded-For only when TRUST_PROXY is set (see app.ts). */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

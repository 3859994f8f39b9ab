import { InquiryConfirmSchema, InquirySchema } from '@studio/shared/inquiries';
import type { FastifyInstance } from 'fastify';
import { requestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import type { FileStorage } from '../../storage/storage';
import { confirmInquiry } from './confirm-inquiry';
import { submitInquiry } from './submit-inquiry';

/** Writing without an account (DESIGN.md §7.6): both calls are anonymous. */
export async function inquiryRoutes(app: FastifyInstance, options: { storage: FileStorage }) {
  const ctx = { deps: app.deps, storage: options.storage };

  app.post('/api/inquiries', async (request, reply) => {
    const input = parse(InquirySchema, request.body);
    await submitInquiry(app.deps, { input, meta: requestMeta(request) });
    return reply.code(202).send({ ok: true });
  });

  app.post('/api/inquiries/confirm', async (request) => {
    const { token } = parse(InquiryConfirmSchema, request.body);
    return confirmInquiry(ctx, { token, meta: requestMeta(request) });
  });
}

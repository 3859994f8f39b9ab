import {
  type ReplySignatureAnswer,
  ReplySignatureBodySchema,
} from '@studio/shared/reply-signature';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { replySignatures } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { parse } from '../../lib/validate';
import { requireAdmin } from '../auth/index';

async function readSignature(deps: AppDeps, userId: number): Promise<ReplySignatureAnswer> {
  const [row] = await deps.db
    .select({ body: replySignatures.body })
    .from(replySignatures)
    .where(eq(replySignatures.userId, userId));
  return { signature: row?.body ?? '' };
}

/** Stores the signature; an empty one is removed, so nothing is added to replies. */
async function saveSignature(deps: AppDeps, userId: number, signature: string) {
  const { db, clock } = deps;
  if (signature === '') {
    await db.delete(replySignatures).where(eq(replySignatures.userId, userId));
    return;
  }
  const updatedAt = clock.now();
  await db
    .insert(replySignatures)
    .values({ userId, body: signature, updatedAt })
    .onConflictDoUpdate({ target: replySignatures.userId, set: { body: signature, updatedAt } });
}

/**
 * „Podpis w odpowiedziach” (issue 31): `GET|PUT /api/profile/signature`
 * `{signature}`, at most 500 characters, staff only (a customer gets 403).
 * The tickets module adds it below the staff member's public replies.
 */
export function replySignatureRoutes(app: FastifyInstance) {
  app.get('/api/profile/signature', async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    return readSignature(app.deps, admin.id);
  });

  app.put('/api/profile/signature', async (request, reply) => {
    const admin = await requireAdmin(request, reply);
    const { signature } = parse(ReplySignatureBodySchema, request.body);
    // Line ends as a browser's form may send them (\r\n) are stored as the messages' (\n).
    const text = signature.replace(/\r\n?/g, '\n');
    await saveSignature(app.deps, admin.id, text);
    const answer: ReplySignatureAnswer = { signature: text };
    return answer;
  });
}

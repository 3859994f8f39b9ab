import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { replySignatures } from '../../../db/schema/index';
import type { NewMessageInput } from './context';
import type { Actor } from './rules';

/**
 * A staff member's public message to a customer, signed (issue 31): their
 * signature from the profile goes below the text when the message is stored,
 * so the thread, the e-mail and the export all show what the customer got.
 * Notes, customers' messages and staff writing in their own ticket stay as
 * written.
 */
export async function withReplySignature(
  tx: Db,
  input: { actor: Actor; ownerId: number; message: NewMessageInput },
): Promise<NewMessageInput> {
  const { actor, ownerId, message } = input;
  if (!actor.isAdmin || message.internal === true || actor.id === ownerId) return message;
  const [row] = await tx
    .select({ body: replySignatures.body })
    .from(replySignatures)
    .where(eq(replySignatures.userId, actor.id));
  if (!row?.body) return message;
  return { ...message, body: signed(message.body, row.body) };
}

/** The text, an empty line, then the signature (alone when the message is only files). */
export function signed(body: string, signature: string): string {
  return body === '' ? signature : `${body}\n\n${signature}`;
}

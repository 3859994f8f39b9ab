import { type PostedMessageAnswer, PostedMessageAnswerSchema } from '@studio/shared/tickets';
import type { Db } from '../../../db/client';
import { forbidden, notFound } from '../../../lib/errors';
import {
  MESSAGES_PER_MINUTE,
  type NewMessageInput,
  requireContent,
  type TicketRow,
  type TicketsContext,
  throttle,
} from './context';
import { insertMessage } from './insert-message';
import { refuseIfTicketFull, ticketWithAuthorName } from './message-cap';
import { withReplySignature } from './reply-signature';
import { type Actor, isTicketId, maySeeTicket, mayWriteNote, writeRefusal } from './rules';
import { findIdempotent, storeMessageOnce, writeWithFiles } from './write-with-files';

export async function postMessage(
  ctx: TicketsContext,
  input: {
    actor: Actor;
    ticketId: number;
    idempotencyKey?: string;
    prepare: () => Promise<NewMessageInput>;
    /**
     * The message is already in memory (a JSON body): nothing is read by
     * `prepare`, so the checks, the rate limit and the write share one
     * transaction. Otherwise (an upload) they are checked before it is read.
     */
    inHand?: boolean;
  },
): Promise<PostedMessageAnswer> {
  const { actor } = input;
  const checkWritable = (ticket: TicketRow) => {
    const refusal = writeRefusal(actor, ticket);
    if (refusal) throw forbidden(refusal);
  };
  if (!isTicketId(input.ticketId)) throw notFound();
  const limits = [
    { key: `tickets:message:${actor.id}`, limit: MESSAGES_PER_MINUTE, windowMs: 60 * 1000 },
  ];
  // A stored answer is checked against the contract before it is sent again.
  const replay = (stored: unknown) => PostedMessageAnswerSchema.parse(stored);
  const scope = `ticket:${input.ticketId}:message`;
  /** Under the ticket's lock, so a close or delete running at the same moment is seen. */
  const lockWritable = async (tx: Db) => {
    const locked = await ticketWithAuthorName(tx, input.ticketId, {
      lock: true,
      authorId: actor.id,
    });
    if (!locked || !maySeeTicket(actor, locked.ticket)) throw notFound();
    checkWritable(locked.ticket);
    return locked;
  };
  const store = async (
    tx: Db,
    keep: (key: string) => void,
    locked: Awaited<ReturnType<typeof lockWritable>>,
    message: NewMessageInput,
  ) => {
    // Read from the upload itself, so refused here: a customer's "note" is 403, never a public message.
    if (message.internal && !mayWriteNote(actor)) throw forbidden();
    refuseIfTicketFull(locked.ticket);
    const { message: dto, event } = await insertMessage(ctx, tx, keep, {
      ticket: locked.ticket,
      actor,
      message: await withReplySignature(tx, { actor, ownerId: locked.ticket.ownerId, message }),
      now: ctx.deps.clock.now(),
      authorName: locked.authorName,
    });
    return { result: { message: dto }, events: [event] };
  };
  if (input.inHand) {
    // Nothing to read (a JSON body): the checks answer in the same order as
    // below (404, 403, 409, then 429, then 400) from the locked read, so a
    // text post reads its ticket once (issue 20, bench/README.md "Writes").
    const repeat = await findIdempotent(ctx, actor, scope, input.idempotencyKey);
    if (repeat) return replay(repeat);
    return writeWithFiles(ctx, {
      actor,
      idempotency: input.idempotencyKey ? { scope, key: input.idempotencyKey } : null,
      replay,
      work: async (tx, keep) => {
        const locked = await lockWritable(tx);
        refuseIfTicketFull(locked.ticket);
        for (const { key, limit, windowMs } of limits) await throttle(ctx, key, limit, windowMs);
        const message = await input.prepare();
        requireContent(message);
        return store(tx, keep, locked, message);
      },
    });
  }
  // As visibleTicket (404 for what the actor may not see).
  const found = await ticketWithAuthorName(ctx.deps.db, input.ticketId, { lock: false });
  if (!found || !maySeeTicket(actor, found.ticket)) throw notFound();
  checkWritable(found.ticket);
  // Before the upload is read; checked again below under the ticket's lock.
  refuseIfTicketFull(found.ticket);
  return storeMessageOnce(ctx, {
    actor,
    scope,
    idempotencyKey: input.idempotencyKey,
    limits,
    prepare: input.prepare,
    replay,
    work: async (tx, keep, message) => store(tx, keep, await lockWritable(tx), message),
  });
}

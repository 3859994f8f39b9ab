import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { idempotencyKeys } from '../../../db/schema/index';
import { publishEvents, type TicketEvent } from '../events';
import { type NewMessageInput, requireContent, type TicketsContext, throttle } from './context';
import type { Actor } from './rules';
import { writeFilesAhead } from './write-files-ahead';

/** The answer stored for an Idempotency-Key earlier, or null (no key, or first use). */
export async function findIdempotent(
  ctx: TicketsContext,
  actor: Actor,
  scope: string,
  key: string | undefined,
): Promise<unknown> {
  if (!key) return null;
  const [row] = await ctx.deps.db
    .select({ response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, actor.id),
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
      ),
    );
  return row ? row.response : null;
}

/**
 * Runs a write that stores files, keeping the two together: bytes written
 * outside the database (`ahead`, before the transaction, or during it) are
 * removed again if the transaction fails. With an Idempotency-Key, the key is
 * claimed first inside the transaction, so a concurrent duplicate waits on it,
 * fails, discards the files it wrote ahead and answers the first result
 * (`replay` checks that stored answer's shape).
 */
export async function writeWithFiles<T>(
  ctx: TicketsContext,
  input: {
    actor: Actor;
    idempotency: { scope: string; key: string } | null;
    replay: (stored: unknown) => T;
    /** Writes outside the database that come before the transaction (and are discarded with it). */
    ahead?: (keep: (key: string) => void) => Promise<void>;
    work: (tx: Db, keep: (key: string) => void) => Promise<{ result: T; events: TicketEvent[] }>;
  },
): Promise<T> {
  const { db, clock, bus, log } = ctx.deps;
  const { actor, idempotency, work } = input;
  const written: string[] = [];
  const keep = (key: string) => written.push(key);
  let events: TicketEvent[] = [];
  let result: T;
  try {
    await input.ahead?.(keep);
    result = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      if (idempotency) {
        await tx.insert(idempotencyKeys).values({
          userId: actor.id,
          scope: idempotency.scope,
          key: idempotency.key,
          response: {},
          createdAt: clock.now(),
        });
      }
      const done = await work(tx, keep);
      if (idempotency) {
        await tx
          .update(idempotencyKeys)
          .set({ response: done.result as object })
          .where(
            and(
              eq(idempotencyKeys.userId, actor.id),
              eq(idempotencyKeys.scope, idempotency.scope),
              eq(idempotencyKeys.key, idempotency.key),
            ),
          );
      }
      events = done.events;
      return done.result;
    });
  } catch (error) {
    await ctx.storage.discard(written).catch((e) => log.error({ err: e }, 'discard failed'));
    if (idempotency && isUniqueViolation(error)) {
      const first = await findIdempotent(ctx, actor, idempotency.scope, idempotency.key);
      if (first) return input.replay(first);
    }
    throw error;
  }
  await publishEvents(bus, log, events);
  return result;
}

/**
 * The common path of both message sends (a new ticket, a reply): an
 * Idempotency-Key seen before answers its stored result; otherwise the rate
 * limits are taken, the upload is read and checked, and `work` stores it.
 */
export async function storeMessageOnce<T>(
  ctx: TicketsContext,
  input: {
    actor: Actor;
    scope: string;
    idempotencyKey: string | undefined;
    limits: ReadonlyArray<{ key: string; limit: number; windowMs: number }>;
    prepare: () => Promise<NewMessageInput>;
    replay: (stored: unknown) => T;
    work: (
      tx: Db,
      keep: (key: string) => void,
      message: NewMessageInput,
    ) => Promise<{ result: T; events: TicketEvent[] }>;
  },
): Promise<T> {
  const { actor, scope, idempotencyKey } = input;
  const repeat = await findIdempotent(ctx, actor, scope, idempotencyKey);
  if (repeat) return input.replay(repeat);
  for (const { key, limit, windowMs } of input.limits) await throttle(ctx, key, limit, windowMs);
  let message = await input.prepare();
  requireContent(message);
  return writeWithFiles(ctx, {
    actor,
    idempotency: idempotencyKey ? { scope, key: idempotencyKey } : null,
    replay: input.replay,
    ahead: async (keep) => {
      message = await writeFilesAhead(ctx, message, keep);
    },
    work: (tx, keep) => input.work(tx, keep, message),
  });
}

import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailCodes, ticketAttachments, tickets, users } from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import type { FileStorage } from '../../storage/storage';
import { announceSessionEvent, consumeCode } from '../auth/index';
import { dropTicketJobs } from '../notifications/index';
import { recordSecurityEvent } from '../security-log/index';
import { publishEvents, recordEvent, type TicketEvent } from '../tickets/index';

/**
 * GDPR erasure after an e-mailed code, in ONE transaction (finding 30): the
 * code, the tickets with their messages, files, jobs and "deleted" events, the
 * e-mail codes, the user with its sessions, and the security-log entry commit
 * together or not at all. The user's row is locked first, so a ticket being
 * created at the same moment in another session either commits before (and
 * is deleted here) or fails on the missing owner; none is cascaded away with
 * its files left on disk. Files on disk go after the commit, as in deleteTicket.
 */
export async function deleteAccount(
  deps: AppDeps,
  storage: FileStorage,
  { user, code, meta }: { user: UserRow; code: string; meta: RequestMeta },
): Promise<{ tickets: number }> {
  const { db, clock, bus, log } = deps;
  const now = clock.now();
  const done = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const ok = await consumeCode(
      { ...deps, db: tx },
      { purpose: 'account_delete', email: user.email, subject: `user:${user.id}`, code },
    );
    if (!ok) return null;
    const owned = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.ownerId, user.id));
    const ticketIds = owned.map((t) => t.id);
    const files = ticketIds.length
      ? await tx
          .select({ key: ticketAttachments.storageKey, thumb: ticketAttachments.thumbnailKey })
          .from(ticketAttachments)
          .where(inArray(ticketAttachments.ticketId, ticketIds))
      : [];
    const keys = files.flatMap((f) => (f.thumb ? [f.key, f.thumb] : [f.key]));
    if (storage.kind === 'database') await storage.remove(tx, keys);
    const events: TicketEvent[] = [];
    for (const ticketId of ticketIds) {
      await dropTicketJobs(tx, ticketId);
      events.push(
        await recordEvent(tx, { type: 'deleted', ticketId, ownerId: user.id, payload: {} }, now),
      );
    }
    // Messages, attachments and read markers cascade from the tickets.
    await tx.delete(tickets).where(eq(tickets.ownerId, user.id));
    await tx.delete(emailCodes).where(eq(emailCodes.email, user.email.toLowerCase()));
    // Sessions, preferences, challenges and reset tokens cascade from the user.
    await tx.delete(users).where(eq(users.id, user.id));
    await recordSecurityEvent(
      { db: tx, clock },
      {
        event: 'account_deleted',
        userId: null,
        meta,
        details: { deletedUserId: user.id, tickets: ticketIds.length },
      },
    );
    return { keys, events };
  });
  // A failed try must stay counted, so the wrong code is answered after the commit.
  if (!done) throw badRequest('invalid_code');
  if (storage.kind === 'local') {
    await storage.remove(db, done.keys).catch((e) => log.error({ err: e }, 'file removal failed'));
  }
  await publishEvents(bus, log, done.events);
  await announceSessionEvent(deps, { type: 'user-sessions-ended', userId: user.id });
  return { tickets: done.events.length };
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import {
  emailCodes,
  notificationPrefs,
  securityLog,
  ticketAttachments,
  ticketMessages,
  tickets,
  users,
} from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { mailTemplates } from '../../mail/templates';
import type { FileStorage } from '../../storage/storage';
import { announceSessionEvent, consumeCode, sendCode, type UserRow } from '../auth/index';
import { recordSecurityEvent } from '../security-log/service';
import { createTicketsService, SYSTEM_ACTOR } from '../tickets/index';

/**
 * The user's own data (GDPR access and erasure): a ZIP of everything we keep
 * about them, and deleting the account after an e-mailed code.
 */

/** Only letters, digits, dot, dash and underscore reach a path inside the archive. */
function safeName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 80);
  return cleaned || 'plik';
}

const README = `Eksport danych konta

Ten plik ZIP zawiera wszystkie dane, które przechowujemy o Twoim koncie:
- konto.json: dane konta i ustawienia,
- zgloszenia.json: Twoje zgłoszenia z całą korespondencją,
- zalaczniki/: pliki dołączone do wiadomości (numer zgłoszenia / identyfikator-nazwa),
- dziennik-bezpieczenstwa.json: logowania i zmiany zabezpieczeń konta (przechowywane do 12 miesięcy).

Hasło przechowujemy wyłącznie jako skrót (argon2id), dlatego nie ma go w eksporcie.
`;

export function createAccountService(deps: AppDeps, storage: FileStorage) {
  const { db, clock } = deps;
  const ticketsService = createTicketsService(deps, storage);

  return {
    async exportData({ user }: { user: UserRow }): Promise<Uint8Array> {
      const [prefs] = await db
        .select()
        .from(notificationPrefs)
        .where(eq(notificationPrefs.userId, user.id));
      const owned = await db
        .select()
        .from(tickets)
        .where(eq(tickets.ownerId, user.id))
        .orderBy(asc(tickets.seq));
      const ticketIds = owned.map((t) => t.id);
      const messages = ticketIds.length
        ? await db
            .select({
              id: ticketMessages.id,
              ticketId: ticketMessages.ticketId,
              authorId: ticketMessages.authorId,
              authorIsAdmin: ticketMessages.authorIsAdmin,
              authorName: users.username,
              body: ticketMessages.body,
              createdAt: ticketMessages.createdAt,
            })
            .from(ticketMessages)
            .leftJoin(users, eq(users.id, ticketMessages.authorId))
            .where(inArray(ticketMessages.ticketId, ticketIds))
            .orderBy(asc(ticketMessages.id))
        : [];
      const files = ticketIds.length
        ? await db
            .select()
            .from(ticketAttachments)
            .where(inArray(ticketAttachments.ticketId, ticketIds))
            .orderBy(asc(ticketAttachments.messageId), asc(ticketAttachments.position))
        : [];
      const log = await db
        .select()
        .from(securityLog)
        .where(eq(securityLog.userId, user.id))
        .orderBy(asc(securityLog.id));

      const entries: Record<string, Uint8Array> = {};
      const seqOf = new Map(owned.map((t) => [t.id, t.seq]));
      const fileEntries = new Map<string, string>();
      for (const file of files) {
        const bytes = await storage.read(db, file.storageKey);
        if (!bytes) continue;
        const entry = `zalaczniki/${seqOf.get(file.ticketId)}/${file.id.slice(0, 8)}-${safeName(file.filename)}`;
        entries[entry] = new Uint8Array(bytes);
        fileEntries.set(file.id, entry);
      }

      const json = (value: unknown) =>
        new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
      entries['CZYTAJ-TO.txt'] = new TextEncoder().encode(README);
      entries['konto.json'] = json({
        id: user.id,
        username: user.username,
        email: user.email,
        is_admin: user.isAdmin,
        mfa_enabled: user.mfaEnabled,
        email_verified_at: user.emailVerifiedAt,
        created_at: user.createdAt,
        notifications: { email: prefs?.email ?? true },
        exported_at: clock.now(),
      });
      entries['zgloszenia.json'] = json(
        owned.map((t) => ({
          id: t.id,
          seq: t.seq,
          status: t.status,
          created_at: t.createdAt,
          last_activity_at: t.lastActivityAt,
          messages: messages
            .filter((m) => m.ticketId === t.id)
            .map((m) => ({
              id: m.id,
              author: m.authorId === user.id ? user.username : (m.authorName ?? null),
              is_mine: m.authorId === user.id,
              is_admin: m.authorIsAdmin,
              body: m.body,
              created_at: m.createdAt,
              files: files
                .filter((f) => f.messageId === m.id)
                .map((f) => ({
                  id: f.id,
                  filename: f.filename,
                  mimetype: f.mimetype,
                  size: f.size,
                  path: fileEntries.get(f.id) ?? null,
                })),
            })),
        })),
      );
      entries['dziennik-bezpieczenstwa.json'] = json(
        log.map((e) => ({
          event: e.event,
          at: e.createdAt,
          ip: e.ip,
          user_agent: e.userAgent,
        })),
      );
      // Images and archives are already compressed; level 6 is for the JSON.
      return zipSync(entries, { level: 6 });
    },

    async requestDeletion({ user }: { user: UserRow }) {
      await sendCode(
        deps,
        { purpose: 'account_delete', email: user.email, subject: `user:${user.id}` },
        (code) => mailTemplates.accountDeleteCode(user.email, code),
      );
    },

    /** The right code deletes the account with its tickets, messages, files and sessions. */
    async deleteAccount({ user, code, meta }: { user: UserRow; code: string; meta: RequestMeta }) {
      const ok = await consumeCode(deps, {
        purpose: 'account_delete',
        email: user.email,
        subject: `user:${user.id}`,
        code,
      });
      if (!ok) throw badRequest('invalid_code');
      // Each ticket goes with its files and a live "deleted" event for the staff's lists.
      const owned = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.ownerId, user.id));
      for (const ticket of owned) {
        await ticketsService.deleteTicket({ actor: SYSTEM_ACTOR, ticketId: ticket.id });
      }
      await db.transaction(async (tx) => {
        await tx.delete(emailCodes).where(and(eq(emailCodes.email, user.email.toLowerCase())));
        // Sessions, read markers, preferences, challenges and reset tokens cascade.
        await tx.delete(users).where(eq(users.id, user.id));
      });
      await recordSecurityEvent(deps, {
        event: 'account_deleted',
        userId: null,
        meta,
        details: { deletedUserId: user.id, tickets: owned.length },
      });
      await announceSessionEvent(deps, { type: 'user-sessions-ended', userId: user.id });
      return { tickets: owned.length };
    },
  };
}

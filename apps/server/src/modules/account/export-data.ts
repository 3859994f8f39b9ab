import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  notificationPrefs,
  securityLog,
  ticketAttachments,
  ticketMessages,
  tickets,
  users,
} from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../storage/storage';
import { cleanFilename } from '../files/index';
import { ClientGoneError, ZipStream } from './zip-stream';

/**
 * 'Pobierz moje dane' (GDPR access): a ZIP of everything we keep about the
 * user, streamed (finding 2). The JSON parts are built in memory (text only);
 * attachments are read one at a time from storage as streams and stored
 * without compression, so neither memory nor the event loop depend on how
 * much the user has uploaded.
 */

/** fflate writes no ZIP64 records, so an archive must stay under 4 GiB; the margin covers the JSON. */
export const EXPORT_MAX_ATTACHMENT_BYTES = 3.5 * 1024 ** 3;

/** Already compressed: deflating them again would cost CPU for nothing. */
const COMPRESSED_TYPES = /^(image\/|application\/(zip|pdf|vnd\.openxmlformats|vnd\.oasis))/;

const README = `Eksport danych konta

Ten plik ZIP zawiera wszystkie dane, które przechowujemy o Twoim koncie:
- konto.json: dane konta i ustawienia,
- zgloszenia.json: Twoje zgłoszenia z całą korespondencją,
- zalaczniki/: pliki dołączone do wiadomości (numer zgłoszenia / identyfikator-nazwa),
- dziennik-bezpieczenstwa.json: logowania i zmiany zabezpieczeń konta (przechowywane do 12 miesięcy).

Hasło przechowujemy wyłącznie jako skrót (argon2id), dlatego nie ma go w eksporcie.
`;

/**
 * The name of an attachment inside the archive. `cleanFilename` makes it
 * truthful (the extension of the type detected from the bytes, no invisible
 * characters, no directories); the stem is then reduced to letters, digits,
 * dot, dash and underscore, so it is a valid path when unpacked on any
 * system (Windows refuses `"`, `:`, `?`, `*`...). The extension is kept whole.
 */
export function archiveFileName(filename: string, mimetype: string): string {
  const truthful = cleanFilename(filename, mimetype);
  const dot = truthful.lastIndexOf('.');
  const stem = truthful
    .slice(0, dot)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 80);
  return `${stem || 'plik'}.${truthful.slice(dot + 1)}`;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

type Attachment = typeof ticketAttachments.$inferSelect;

async function readUserData(db: Db, userId: number) {
  const [prefs] = await db
    .select()
    .from(notificationPrefs)
    .where(eq(notificationPrefs.userId, userId));
  const owned = await db
    .select()
    .from(tickets)
    .where(eq(tickets.ownerId, userId))
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
        // Staff's internal notes are not the customer's data, nor theirs to learn of (DESIGN.md §7.2).
        .where(and(inArray(ticketMessages.ticketId, ticketIds), eq(ticketMessages.internal, false)))
        .orderBy(asc(ticketMessages.id))
    : [];
  const exported = new Set(messages.map((m) => m.id));
  const files: Attachment[] = ticketIds.length
    ? await db
        .select()
        .from(ticketAttachments)
        .where(inArray(ticketAttachments.ticketId, ticketIds))
        .orderBy(asc(ticketAttachments.messageId), asc(ticketAttachments.position))
        .then((rows) => rows.filter((f) => exported.has(f.messageId)))
    : [];
  const log = await db
    .select()
    .from(securityLog)
    .where(eq(securityLog.userId, userId))
    .orderBy(asc(securityLog.id));
  return { prefs, owned, messages, files, log };
}

/**
 * Reads what the archive lists, refuses one too large for a ZIP without ZIP64,
 * and returns the archive as a stream that is written while it is read.
 */
export async function exportUserData(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log'>,
  storage: FileStorage,
  user: UserRow,
) {
  const { db, clock, log } = deps;
  const data = await readUserData(db, user.id);
  // A file lost from storage is listed without a path rather than failing the whole export.
  const stored: Attachment[] = [];
  for (const file of data.files) {
    if ((await storage.size(db, file.storageKey)) !== null) stored.push(file);
  }
  const total = stored.reduce((sum, f) => sum + f.size, 0);
  if (total > EXPORT_MAX_ATTACHMENT_BYTES) throw new AppError(413, 'export_too_large');

  const seqOf = new Map(data.owned.map((t) => [t.id, t.seq]));
  const pathOf = new Map(
    stored.map((f) => [
      f.id,
      `zalaczniki/${seqOf.get(f.ticketId)}/${f.id.slice(0, 8)}-${archiveFileName(f.filename, f.mimetype)}`,
    ]),
  );
  // Grouped once, so a long history is walked once rather than once per ticket.
  const filesOf = groupBy(data.files, (file) => file.messageId);
  const messagesOf = groupBy(data.messages, (message) => message.ticketId);
  const exportedAt = clock.now();

  const zip = new ZipStream();
  const write = async () => {
    await zip.addText('CZYTAJ-TO.txt', README);
    await zip.addText(
      'konto.json',
      json({
        id: user.id,
        username: user.username,
        email: user.email,
        is_admin: user.isAdmin,
        mfa_enabled: user.mfaEnabled,
        email_verified_at: user.emailVerifiedAt,
        created_at: user.createdAt,
        notifications: { email: data.prefs?.email ?? true },
        exported_at: exportedAt,
      }),
    );
    await zip.addText(
      'zgloszenia.json',
      json(
        data.owned.map((t) => ({
          id: t.id,
          seq: t.seq,
          status: t.status,
          created_at: t.createdAt,
          last_activity_at: t.lastActivityAt,
          messages: (messagesOf.get(t.id) ?? []).map((m) => ({
            id: m.id,
            author: m.authorId === user.id ? user.username : (m.authorName ?? null),
            is_mine: m.authorId === user.id,
            is_admin: m.authorIsAdmin,
            body: m.body,
            created_at: m.createdAt,
            files: (filesOf.get(m.id) ?? []).map((f) => ({
              id: f.id,
              filename: f.filename,
              mimetype: f.mimetype,
              size: f.size,
              path: pathOf.get(f.id) ?? null,
            })),
          })),
        })),
      ),
    );
    await zip.addText(
      'dziennik-bezpieczenstwa.json',
      json(
        data.log.map((e) => ({
          event: e.event,
          at: e.createdAt,
          ip: e.ip,
          user_agent: e.userAgent,
        })),
      ),
    );
    // One file at a time, each read as a stream: memory holds a chunk, not the file.
    for (const file of stored) {
      await zip.addStream(pathOf.get(file.id) ?? file.id, storage.stream(db, file.storageKey), {
        compress: !COMPRESSED_TYPES.test(file.mimetype),
        modifiedAt: file.createdAt,
      });
    }
    zip.end();
  };
  write().catch((error: Error) => {
    if (error instanceof ClientGoneError) return;
    // A file missing from storage, or the database gone: the download is cut off, not faked.
    log.error({ err: error, userId: user.id }, 'data export failed');
    zip.abort(error);
  });
  return zip.output;
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

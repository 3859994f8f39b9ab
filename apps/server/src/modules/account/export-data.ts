import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  notificationPrefs,
  passkeys,
  pushSubscriptions,
  recoveryCodes,
  replySignatures,
  securityLog,
  sentTicketMails,
  sessions,
  staffNotificationPrefs,
  ticketAttachments,
  ticketMessages,
  ticketRatings,
  tickets,
  users,
  userTotp,
} from '../../db/schema/index';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../storage/storage';
import { cleanFilename } from '../files/index';
import { ClientGoneError, ZipStream } from './zip-stream';

/**
 * 'Pobierz moje dane' (GDPR access): a ZIP of everything we keep about the
 * user, streamed (finding 2). docs/security.md („What the data export holds”)
 * lists every table of the schema and why it is or is not in here; a new
 * table that holds something about a user goes into both. The JSON parts are built in memory (text only);
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
- konto.json: dane konta, ustawienia (powiadomienia, podpis w odpowiedziach) i sposoby logowania,
- zgloszenia.json: Twoje zgłoszenia z całą korespondencją i Twoimi ocenami obsługi,
- zalaczniki/: pliki dołączone do wiadomości (numer zgłoszenia / identyfikator-nazwa),
- urzadzenia.json: sesje logowania i przeglądarki z powiadomieniami push,
- wyslane-powiadomienia.json: kiedy i na jaki adres wysłaliśmy Ci e-mail o zgłoszeniu,
- dziennik-bezpieczenstwa.json: logowania i zmiany zabezpieczeń konta (przechowywane do 12 miesięcy).

Hasło, kody i klucze logowania przechowujemy wyłącznie jako skróty lub zaszyfrowane, dlatego nie ma ich w eksporcie.
Motyw strony (jasny/ciemny) i zgoda na pliki cookie są zapisane tylko w Twojej przeglądarce, nie u nas.
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
  return { prefs, owned, messages, files, log, ...(await readSettings(db, userId, ticketIds)) };
}

/**
 * The rest of what the account holds: settings, ways of signing in (never a
 * secret: no key, hash or encrypted secret, only names and dates), devices,
 * mails sent, and the ratings of the user's own tickets.
 */
async function readSettings(db: Db, userId: number, ticketIds: number[]) {
  const ownTickets = ticketIds.length ? ticketIds : [0];
  const [[staffPrefs], [signature], [totp], codes, keys, devices, pushes, mailed, ratings] =
    await Promise.all([
      db.select().from(staffNotificationPrefs).where(eq(staffNotificationPrefs.userId, userId)),
      db.select().from(replySignatures).where(eq(replySignatures.userId, userId)),
      db
        .select({ enabledAt: userTotp.enabledAt })
        .from(userTotp)
        .where(eq(userTotp.userId, userId)),
      db
        .select({ unused: isNull(recoveryCodes.usedAt), n: count() })
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, userId))
        .groupBy(isNull(recoveryCodes.usedAt)),
      db
        .select({
          name: passkeys.name,
          createdAt: passkeys.createdAt,
          lastUsedAt: passkeys.lastUsedAt,
        })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.id)),
      db
        .select({
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          expiresAt: sessions.expiresAt,
          isPersistent: sessions.isPersistent,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.id)),
      db
        .select({
          device: pushSubscriptions.device,
          createdAt: pushSubscriptions.createdAt,
          lastPushAt: pushSubscriptions.lastPushAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.id)),
      db
        .select({
          ticketId: sentTicketMails.ticketId,
          email: sentTicketMails.email,
          createdAt: sentTicketMails.createdAt,
        })
        .from(sentTicketMails)
        .where(eq(sentTicketMails.userId, userId))
        .orderBy(asc(sentTicketMails.createdAt)),
      // Only the owner rates a ticket, so the ratings of their own tickets are theirs.
      db.select().from(ticketRatings).where(inArray(ticketRatings.ticketId, ownTickets)),
    ]);
  return {
    staffPrefs,
    signature,
    totp,
    codes: {
      total: codes.reduce((sum, c) => sum + c.n, 0),
      unused: codes.find((c) => c.unused)?.n ?? 0,
    },
    keys,
    devices,
    pushes,
    mailed,
    ratingOf: new Map(ratings.map((r) => [r.ticketId, r])),
  };
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
        email_bouncing_at: user.emailBouncingAt,
        password_locked_at: user.passwordLockedAt,
        created_at: user.createdAt,
        updated_at: user.updatedAt,
        notifications: {
          email: data.prefs?.email ?? true,
          // Staff's choice of new-ticket and overdue mails; only a row that exists.
          staff: data.staffPrefs
            ? {
                new_tickets: data.staffPrefs.newTickets,
                assigned_overdue: data.staffPrefs.assignedOverdue,
              }
            : null,
        },
        reply_signature: data.signature
          ? { body: data.signature.body, updated_at: data.signature.updatedAt }
          : null,
        sign_in: {
          has_password: user.passwordHash !== null,
          authenticator_app: data.totp ? { enabled_at: data.totp.enabledAt } : null,
          recovery_codes: data.codes,
          passkeys: data.keys.map((k) => ({
            name: k.name,
            created_at: k.createdAt,
            last_used_at: k.lastUsedAt,
          })),
        },
        exported_at: exportedAt,
      }),
    );
    await zip.addText(
      'zgloszenia.json',
      json(
        data.owned.map((t) => ({
          id: t.id,
          seq: t.seq,
          number: t.number,
          subject: t.subject,
          status: t.status,
          created_at: t.createdAt,
          last_activity_at: t.lastActivityAt,
          closed_at: t.closedAt,
          // The name and address given with the inquiry (or by staff for a caller).
          contact: t.contactEmail ? { name: t.contactName, email: t.contactEmail } : null,
          rating: ratingJson(data.ratingOf.get(t.id)),
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
      'urzadzenia.json',
      json({
        sessions: data.devices.map((d) => ({
          created_at: d.createdAt,
          last_used_at: d.lastUsedAt,
          expires_at: d.expiresAt,
          remember_me: d.isPersistent,
          ip: d.ip,
          user_agent: d.userAgent,
        })),
        push: data.pushes.map((p) => ({
          device: p.device,
          created_at: p.createdAt,
          last_push_at: p.lastPushAt,
        })),
      }),
    );
    await zip.addText(
      'wyslane-powiadomienia.json',
      json(
        data.mailed.map((m) => ({ ticket_id: m.ticketId, email: m.email, sent_at: m.createdAt })),
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

function ratingJson(rating: typeof ticketRatings.$inferSelect | undefined) {
  return rating ? { score: rating.score, comment: rating.comment, rated_at: rating.ratedAt } : null;
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

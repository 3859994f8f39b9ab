import { countOf } from '@studio/shared/plural';
import { max } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { inboundMails, mailWatcherLease } from '../../../db/schema/index';
import { imapClient, STAFF_FOLDER } from '../../inbound-mail/index';
import { when, within } from '../format';
import type { StatusCheckFn } from '../status-check';

/** The probe gives up after this: the page must answer within a few seconds. */
const PROBE_MS = 5_000;

/** How many mails wait in the staff folder („Skrzynka”), by its path on this server. */
async function setAsideCount(client: ImapFlow): Promise<number> {
  const boxes = await client.list();
  const box = boxes.find((b) => b.path.split(b.delimiter).join('/') === STAFF_FOLDER.join('/'));
  if (!box) return 0;
  const status = await client.status(box.path, { messages: true });
  return status === false ? 0 : (status.messages ?? 0);
}

/**
 * Logs in on a short connection of its own and counts the staff folder: the
 * watcher's connection lives only on the instance holding the lease, while
 * this page may be served by any (as „Skrzynka” does, set-aside/staff-folder.ts).
 */
async function probe(imapUrl: string): Promise<{ setAside: number } | { error: string }> {
  const client = await imapClient(imapUrl, {
    connectionTimeout: PROBE_MS,
    greetingTimeout: PROBE_MS,
    socketTimeout: PROBE_MS * 2,
  });
  client.on('error', () => {});
  try {
    await within(client.connect(), PROBE_MS, 'IMAP login');
    return { setAside: await within(setAsideCount(client), PROBE_MS, 'IMAP status') };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.logout().catch(() => {});
    client.close();
  }
}

/**
 * `mail_in` (only with IMAP_URL): whether the mailbox lets us in, whether a
 * watcher is connected to it (this instance, or another holding the lease),
 * the last mail taken in and how many wait in „Skrzynka”.
 */
export const mailInCheck: StatusCheckFn = async (app) => {
  const { config, db, clock } = app.deps;
  if (!config.imapUrl) return null;
  const url = new URL(config.imapUrl);
  const mailbox = `${decodeURIComponent(url.username)}@${url.host}`;
  const [last] = await db.select({ at: max(inboundMails.createdAt) }).from(inboundMails);
  const lastSeen = last?.at
    ? `Ostatni mail przyjęty do Kontaktu: ${when(new Date(last.at))}.`
    : 'Żaden mail nie trafił jeszcze do Kontaktu.';
  const reached = await probe(config.imapUrl);
  if ('error' in reached) {
    return {
      id: 'mail_in',
      state: 'fail',
      detail: `Nie można połączyć się ze skrzynką ${mailbox}: ${reached.error}. Maile od klientów nie trafiają teraz do Kontaktu. Sprawdź, czy serwer poczty działa i czy IMAP_URL (adres, użytkownik, hasło) jest aktualny. ${lastSeen}`,
    };
  }
  const setAside = reached.setAside
    ? `W „Skrzynce” czeka ${countOf(reached.setAside, { one: 'mail', few: 'maile', many: 'maili' })} do przejrzenia.`
    : 'W „Skrzynce” nic nie czeka.';
  const watcher = app.mailWatcher;
  const [lease] = await db.select().from(mailWatcherLease);
  const watchedElsewhere =
    lease !== undefined &&
    lease.holder !== watcher?.leaseHolder &&
    lease.expiresAt.getTime() > clock.now().getTime();
  if (watcher?.watching || watchedElsewhere) {
    return {
      id: 'mail_in',
      state: 'ok',
      detail: `Skrzynka ${mailbox} jest połączona${watchedElsewhere ? ' (obserwuje ją inna instancja serwera)' : ''}. ${lastSeen} ${setAside}`,
    };
  }
  return {
    id: 'mail_in',
    state: 'warn',
    detail: `Skrzynka ${mailbox} odpowiada, ale Kontakt nie jest z nią jeszcze połączony (łączy się ponownie). Jeśli to się nie zmieni w ciągu kilku minut, zajrzyj do dziennika serwera. ${lastSeen} ${setAside}`,
  };
};

import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Dovecot, dovecotAvailable } from '../../../test/dovecot';
import { createTestContext } from '../../../test/helpers';
import {
  answeredTicket,
  eventually,
  rawMail,
  receivedWith,
  useDovecot,
} from '../../../test/inbound-mail-helpers';
import { listen } from '../../../test/tickets-helpers';
import { ticketMessages, tickets, users } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import type { WatcherOptions } from './imap-watcher';

/**
 * The attacks of the security review's inbound mail findings (N6, N7, N8,
 * N11), played against a real IMAP server and the real watcher.
 */
const available = dovecotAvailable();
const ctx = createTestContext();
let dovecot: Dovecot;
const PROCESSED = ['Kontakt', 'Przetworzone'];
const FOR_STAFF = ['Kontakt', 'Nieprzypisane'];
const OUR_MX = 'mx.studio.test';

useDovecot(ctx, (started) => {
  dovecot = started;
});

async function world(
  options: { watcher?: WatcherOptions; env?: Record<string, string> } = {},
  clock = new TestClock(),
) {
  const app = await ctx.app({
    clock,
    env: { IMAP_URL: dovecot.url, MAIL_REPLY_TO: 'kontakt@studio.test', ...options.env },
    mailWatcher: { pollMs: 200, ...options.watcher },
  });
  await app.ready();
  return { app, clock, ...(await answeredTicket(app, clock)) };
}

const inboxEmptied = (ms?: number) =>
  eventually(async () => (await dovecot.count('INBOX')) === 0, ms);
const ticketCount = async (app: FastifyInstance) =>
  Number((await app.deps.db.select({ n: count() }).from(tickets))[0]?.n);
const kinds = (app: FastifyInstance) => app.mailWatcher?.processed.map((o) => o.kind);
const newestMessage = async (app: FastifyInstance) =>
  (await app.deps.db.select().from(ticketMessages).orderBy(ticketMessages.id)).at(-1);

describe.skipIf(!available)('inbound mail cannot hurt the server (review N6, N8)', () => {
  it('N6: the `<b>`×1001 + `<div `×12000 mail is handled at once and /api/health keeps answering', async () => {
    const { app, alice, notification } = await world();
    const base = await listen(app);
    await eventually(async () => app.mailWatcher?.watching === true);
    // The parser's worker is warm in a running server; here the first mail starts it.
    await dovecot.append(
      await rawMail({ from: alice.user.email, inReplyTo: notification, text: 'Rozgrzewka' }),
    );
    await inboxEmptied();
    const html = `${'<b>'.repeat(1001)}${'<div '.repeat(12_000)}`;
    const appended = Date.now();
    await dovecot.append(await rawMail({ from: alice.user.email, subject: 'Pilne', html }));
    // Health asked every 20 ms: the longest wait between two answers is how long any
    // request of any user could have been held up (a stalled thread delays the asking too).
    let worst = 0;
    let done = false;
    const polling = (async () => {
      let last = performance.now();
      while (!done) {
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        const now = performance.now();
        worst = Math.max(worst, now - last);
        last = now;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await inboxEmptied();
    const handledMs = Date.now() - appended;
    done = true;
    await polling;
    // Bounds with room for a busy CI machine (two test files share its two cores);
    // the reviewed code held every request 4.2–8.8 s with this mail.
    expect(worst).toBeLessThan(1000);
    expect(handledMs).toBeLessThan(4000);
    // Nothing readable is left once the markup is dropped: an empty mail opens nothing.
    expect(app.mailWatcher?.processed.at(-1)?.kind).toBe('refused');
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
  }, 30_000);

  it('N8: `&#x110000;` does not stop the channel: the next mail goes in within seconds, no reconnect', async () => {
    const { app, alice, ticketId, notification } = await world();
    await eventually(async () => app.mailWatcher?.watching === true);
    await dovecot.append(
      await rawMail({
        from: alice.user.email,
        inReplyTo: notification,
        html: `${'<b>'.repeat(1001)}x &#x110000; y`,
      }),
    );
    await dovecot.append(
      await rawMail({ from: alice.user.email, inReplyTo: notification, text: 'Zwykła odpowiedź' }),
    );
    // The reviewed code reached the second mail after 17 s of reconnects (1 + 2 + 4 + 8 s).
    await inboxEmptied(8000);
    const bodies = (
      await app.deps.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId))
    ).map((m) => m.body);
    expect(bodies.slice(-2)).toEqual(['x \uFFFD y', 'Zwykła odpowiedź']);
    expect(app.mailWatcher?.sessionsStarted).toBe(1);
  }, 30_000);

  it('a mail over the size cap is moved for staff without its body being fetched', async () => {
    const { app, alice } = await world({ watcher: { maxMailBytes: 20_000 } });
    await eventually(async () => app.mailWatcher?.watching === true);
    const logFrom = dovecot.logSince().length;
    await dovecot.append(
      await rawMail({
        from: alice.user.email,
        subject: 'Duży',
        text: 'Duży załącznik',
        attachments: [{ filename: 'a.bin', content: Buffer.alloc(60_000, 7) }],
      }),
    );
    await inboxEmptied();
    expect(app.mailWatcher?.processed.at(-1)).toMatchObject({ kind: 'too_large' });
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
    expect(await ticketCount(app)).toBe(1);
    await app.close();
    // Each IMAP session's logout line counts the bodies it fetched: the watcher's fetched none.
    const logouts = dovecot
      .logSince(logFrom)
      .split('\n')
      .filter((line) => line.includes('body_count='));
    expect(logouts.length).toBeGreaterThan(0);
    for (const line of logouts) expect(line).toContain('body_count=0');
  }, 30_000);

  it('a mail the parser cannot finish in time is moved at once; the next mail still goes in', async () => {
    const { app, alice, ticketId, notification } = await world({
      watcher: { parseTimeoutMs: 250 },
    });
    await eventually(async () => app.mailWatcher?.watching === true);
    // Let the parser's worker start (loading its code is not counted in the limit).
    await dovecot.append(
      await rawMail({ from: alice.user.email, inReplyTo: notification, text: 'Rozgrzewka' }),
    );
    await inboxEmptied();
    // Valid but slow markup: several seconds of parsing, far past this test's 250 ms limit.
    await dovecot.append(
      await rawMail({
        from: alice.user.email,
        inReplyTo: notification,
        html: `${'<p><span>a</span>'.repeat(400_000)}`,
      }),
    );
    await dovecot.append(
      await rawMail({ from: alice.user.email, inReplyTo: notification, text: 'Po ciężkim mailu' }),
    );
    await inboxEmptied(10_000);
    expect(kinds(app)).toEqual(['stored', 'unparseable', 'stored']);
    expect((await newestMessage(app))?.body).toBe('Po ciężkim mailu');
    expect((await newestMessage(app))?.ticketId).toBe(ticketId);
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
    expect(app.mailWatcher?.sessionsStarted).toBe(1);
  }, 60_000);

  it('after a session that worked, a lost connection is retried within a second or two, not after the grown back-off', async () => {
    const { app } = await world();
    await eventually(async () => app.mailWatcher?.watching === true);
    // A long outage grows the pause between attempts (1, 2, 4, 8 s …).
    await dovecot.stop();
    await new Promise((r) => setTimeout(r, 8000));
    await dovecot.start();
    await eventually(async () => app.mailWatcher?.watching === true, 20_000);
    // The session works; the next short outage starts again from 1 s.
    await new Promise((r) => setTimeout(r, 500));
    await dovecot.stop();
    await eventually(async () => app.mailWatcher?.watching === false);
    await dovecot.start();
    const restarted = Date.now();
    await eventually(async () => app.mailWatcher?.watching === true, 15_000);
    expect(Date.now() - restarted).toBeLessThan(4000);
  }, 60_000);
});

describe.skipIf(!available)('who a mail is from (review N7, N11)', () => {
  const dmarcPass = (domain: string) =>
    `Authentication-Results: ${OUR_MX}; spf=pass smtp.mailfrom=${domain}; dkim=pass header.d=${domain}; dmarc=pass (p=NONE) header.from=${domain}`;

  it('N7: with MAIL_AUTHSERV_ID, a customer’s From without our server’s pass opens nothing and waits for staff', async () => {
    const { app, alice } = await world({ env: { MAIL_AUTHSERV_ID: OUR_MX } });
    const domain = alice.user.email.split('@')[1] ?? '';
    const spoof = () =>
      rawMail({
        from: `Prawdziwy Klient <${alice.user.email}>`,
        subject: 'Zmiana adresu',
        text: 'Proszę zmienić adres e-mail mojego konta na atak@evil.test i usunąć 2FA. Pilne.',
      });
    // No results at all; a failed DMARC; a pass forged by the sender with another id,
    // and one with our id forged below the header our server really added.
    await dovecot.append(await spoof());
    await dovecot.append(
      receivedWith(
        await spoof(),
        `Authentication-Results: ${OUR_MX}; dmarc=fail header.from=${domain}`,
      ),
    );
    await dovecot.append(
      receivedWith(await spoof(), 'Authentication-Results: mx.evil.test; dmarc=pass'),
    );
    await dovecot.append(
      receivedWith(
        await spoof(),
        `Authentication-Results: ${OUR_MX}; spf=softfail smtp.mailfrom=evil.test; dmarc=fail header.from=${domain}`,
        dmarcPass(domain),
      ),
    );
    await inboxEmptied();
    expect(kinds(app)).toEqual([
      'unverified_sender',
      'unverified_sender',
      'unverified_sender',
      'unverified_sender',
    ]);
    expect(await ticketCount(app)).toBe(1);
    expect(await dovecot.count(FOR_STAFF)).toBe(4);
  });

  it('N7: with our server’s dmarc=pass the mail opens a ticket marked verified; the thread says so', async () => {
    const { app, alice, admin } = await world({ env: { MAIL_AUTHSERV_ID: OUR_MX } });
    const domain = alice.user.email.split('@')[1] ?? '';
    await dovecot.append(
      receivedWith(
        await rawMail({ from: alice.user.email, subject: 'Faktura', text: 'Proszę o fakturę' }),
        dmarcPass(domain),
      ),
    );
    await inboxEmptied();
    expect(app.mailWatcher?.processed).toEqual([
      expect.objectContaining({ kind: 'stored', newTicket: true, emailSender: 'verified' }),
    ]);
    const message = await newestMessage(app);
    expect(message?.emailSender).toBe('verified');
    const thread = await admin.client.get(`/api/tickets/${message?.ticketId}/messages`);
    expect(thread.json().messages[0]).toMatchObject({
      body: 'Proszę o fakturę',
      email_sender: 'verified',
    });
    // The customer's own view carries no mark: it is for staff to weigh.
    const own = await alice.client.get(`/api/tickets/${message?.ticketId}/messages`);
    expect(own.json().messages[0]).toMatchObject({ email_sender: null });
    expect(await dovecot.count(PROCESSED)).toBe(1);
  });

  it('without MAIL_AUTHSERV_ID a new mail opens a ticket, and its message is marked unverified for staff', async () => {
    const { app, alice, admin } = await world();
    await dovecot.append(
      await rawMail({ from: alice.user.email, subject: 'Pytanie', text: 'Czy to działa?' }),
    );
    await inboxEmptied();
    const message = await newestMessage(app);
    expect(message?.emailSender).toBe('unverified');
    const thread = await admin.client.get(`/api/tickets/${message?.ticketId}/messages`);
    expect(thread.json().messages[0]).toMatchObject({
      body: 'Czy to działa?',
      email_sender: 'unverified',
    });
    // Messages written in the app carry no mark.
    const [first] = await app.deps.db.select().from(ticketMessages).orderBy(ticketMessages.id);
    expect(first?.emailSender).toBeNull();
  });

  it('N7: a new mail in a staff member’s name opens nothing and stays for staff, even with a pass', async () => {
    const { app, admin } = await world({ env: { MAIL_AUTHSERV_ID: OUR_MX } });
    const domain = admin.user.email.split('@')[1] ?? '';
    await dovecot.append(
      receivedWith(
        await rawMail({
          from: admin.user.email,
          subject: 'Polecenie',
          text: 'Usuńcie 2FA klienta',
        }),
        dmarcPass(domain),
      ),
    );
    await dovecot.append(
      await rawMail({ from: admin.user.email.toUpperCase(), subject: 'x', text: 'Bez podpisu' }),
    );
    await inboxEmptied();
    expect(kinds(app)).toEqual(['staff_sender', 'staff_sender']);
    expect(await ticketCount(app)).toBe(1);
    expect(await dovecot.count(FOR_STAFF)).toBe(2);
  });

  it('N11: after an e-mail change, a reply from the old address is refused', async () => {
    const { app, alice, ticketId, notification } = await world();
    const oldAddress = alice.user.email;
    await app.deps.db
      .update(users)
      .set({ email: 'alicja@nowy.test' })
      .where(eq(users.id, alice.user.id));
    await dovecot.append(
      await rawMail({
        from: oldAddress,
        inReplyTo: notification,
        references: notification,
        text: 'Napisane ze starej skrzynki',
      }),
    );
    await inboxEmptied();
    expect(kinds(app)).toEqual(['spoofed']);
    const bodies = (
      await app.deps.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId))
    ).map((m) => m.body);
    expect(bodies).not.toContain('Napisane ze starej skrzynki');
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
  });
});

import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Dovecot, dovecotAvailable } from '../../../test/dovecot';
import { createTestContext } from '../../../test/helpers';
import {
  answeredTicket,
  eventually,
  rawMail,
  useDovecot,
} from '../../../test/inbound-mail-helpers';
import { streamsOfTheTest } from '../../../test/stream-helpers';
import { jpegWithExif, listen, loginAs, type SseEvent } from '../../../test/tickets-helpers';
import { inboundMails, ticketEvents, ticketMessages, tickets, users } from '../../db/schema/index';
import { RedisEventBus } from '../../events/redis-bus';
import { TestClock } from '../../lib/clock';
import type { WatcherOptions } from './imap-watcher';

const available = dovecotAvailable();
const ctx = createTestContext();
let dovecot: Dovecot;
const PROCESSED = ['Kontakt', 'Przetworzone'];
const FOR_STAFF = ['Kontakt', 'Nieprzypisane'];

useDovecot(ctx, (started) => {
  dovecot = started;
});

const streams = streamsOfTheTest();
const isMessageEvent = (e: SseEvent) => e.data.includes('"type":"message"');
const redisUrl = process.env.TEST_REDIS_URL;
/** With TEST_REDIS_URL (CI), instances share the Redis bus as in production; otherwise each has its own. */
const busOptions = (): { bus?: RedisEventBus } =>
  redisUrl ? { bus: new RedisEventBus(redisUrl) } : {};

async function world(watcher: WatcherOptions = {}, clock = new TestClock()) {
  const app = await ctx.app({
    clock,
    ...busOptions(),
    env: { IMAP_URL: dovecot.url, MAIL_REPLY_TO: 'kontakt@studio.test' },
    mailWatcher: { pollMs: 200, ...watcher },
  });
  await app.ready();
  return { app, clock, ...(await answeredTicket(app, clock)) };
}

const messagesOf = async (app: FastifyInstance, ticketId: number) =>
  app.deps.db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(ticketMessages.id);

const rowCount = async (app: FastifyInstance, table: typeof tickets | typeof inboundMails) =>
  Number((await app.deps.db.select({ n: count() }).from(table))[0]?.n);

/** Waits until the watcher has moved every mail out of INBOX. */
const inboxEmptied = () => eventually(async () => (await dovecot.count('INBOX')) === 0);

const QUOTE =
  '\n\nW dniu 25.11.2026 o 10:00, Studio <kontakt@studio.test> pisze:\n> Odpowiedź zespołu\n>\n> Otwórz zgłoszenie';

describe.skipIf(!available)('inbound mail against a real IMAP server (Dovecot)', () => {
  it('a reply becomes the customer’s message: quote stripped, Polish and emoji intact, live event', async () => {
    const { app, alice, admin, ticketId, notification } = await world();
    const stream = await streams.on(await listen(app))('/api/stream/tickets', admin.client);
    await dovecot.append(
      await rawMail({
        from: `Alicja <${alice.user.email.toUpperCase()}>`,
        inReplyTo: notification,
        references: notification,
        text: `Zażółć gęślą jaźń — dziękuję! 🎉🙂${QUOTE}`,
      }),
    );
    await inboxEmptied();
    const messages = await messagesOf(app, ticketId);
    expect(messages.at(-1)?.body).toBe('Zażółć gęślą jaźń — dziękuję! 🎉🙂');
    expect(messages.at(-1)?.authorId).toBe(alice.user.id);
    expect(await dovecot.count(PROCESSED)).toBe(1);
    const events = await app.deps.db
      .select()
      .from(ticketEvents)
      .where(eq(ticketEvents.ticketId, ticketId));
    expect(events.filter((e) => e.type === 'message')).toHaveLength(3);
    // Staff looking at the ticket see it arrive live.
    await stream.waitFor(isMessageEvent);
    // The usual notification to staff follows.
    const thread = await alice.client.get(`/api/tickets/${ticketId}/messages`);
    expect(thread.json().messages.at(-1).username).toBe('Alicja');
  });

  it('an HTML-only reply (Gmail) becomes text without the quoted history', async () => {
    const { app, alice, ticketId, notification } = await world();
    await dovecot.append(
      await rawMail({
        from: alice.user.email,
        inReplyTo: notification,
        html: '<div dir="ltr">Działa &amp; dziękuję 👍<br>Ala</div><div class="gmail_quote"><div class="gmail_attr">On Wed wrote:</div><blockquote>Odpowiedź zespołu</blockquote></div>',
      }),
    );
    await inboxEmptied();
    expect((await messagesOf(app, ticketId)).at(-1)?.body).toBe('Działa & dziękuję 👍\nAla');
  });

  it('the same mail twice is one message', async () => {
    const { app, alice, ticketId, notification } = await world();
    const mail = await rawMail({
      from: alice.user.email,
      inReplyTo: notification,
      messageId: '<same-one@mail.example>',
      text: 'Raz tylko',
    });
    await dovecot.append(mail);
    await dovecot.append(mail);
    await inboxEmptied();
    expect((await messagesOf(app, ticketId)).filter((m) => m.body === 'Raz tylko')).toHaveLength(1);
    expect(await dovecot.count(PROCESSED)).toBe(2);
  });

  it('a spoofed sender, an auto-reply and a bulk mail add nothing and stay for staff', async () => {
    const { app, ticketId, notification } = await world();
    await dovecot.append(
      await rawMail({ from: 'mallory@evil.example', inReplyTo: notification, text: 'Podszyty' }),
    );
    const automatic = [
      { 'Auto-Submitted': 'auto-replied' },
      { Precedence: 'bulk' },
      { 'X-Autoreply': 'yes' },
    ];
    for (const headers of automatic) {
      await dovecot.append(
        await rawMail({
          from: 'alicja@example.com',
          inReplyTo: notification,
          headers,
          text: 'Auto',
        }),
      );
    }
    await inboxEmptied();
    expect(await messagesOf(app, ticketId)).toHaveLength(2);
    expect(await dovecot.count(FOR_STAFF)).toBe(4);
    expect(await rowCount(app, inboundMails)).toBe(0);
    expect(app.mailWatcher?.processed.map((o) => o.kind)).toEqual([
      'spoofed',
      'automatic',
      'automatic',
      'automatic',
    ]);
  });

  it('a customer’s reply to a closed ticket adds nothing', async () => {
    const { app, alice, admin, ticketId, notification } = await world();
    expect(
      (await admin.client.request('PATCH', `/api/tickets/${ticketId}/status`, { status: 'closed' }))
        .statusCode,
    ).toBe(200);
    await dovecot.append(
      await rawMail({ from: alice.user.email, inReplyTo: notification, text: 'Jeszcze' }),
    );
    await inboxEmptied();
    expect(await messagesOf(app, ticketId)).toHaveLength(2);
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
  });

  it('a new mail from a customer opens a ticket; a stranger’s is stored nowhere', async () => {
    const { app, alice } = await world();
    await dovecot.append(
      await rawMail({
        from: alice.user.email,
        subject: 'Nowy problem',
        text: 'Nie mogę zapłacić 💳',
      }),
    );
    await dovecot.append(
      await rawMail({ from: 'obcy@nowhere.example', subject: 'Oferta', text: 'Kup teraz' }),
    );
    await inboxEmptied();
    const all = await app.deps.db.select().from(tickets);
    expect(all).toHaveLength(2);
    const created = all.find((t) => t.seq === 2);
    expect(created?.ownerId).toBe(alice.user.id);
    expect((await messagesOf(app, created?.id ?? 0))[0]?.body).toBe('Nie mogę zapłacić 💳');
    expect(await rowCount(app, inboundMails)).toBe(1);
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
  });

  it('a new mail from a guest (an inquiry’s account, no password) opens a ticket for the guest', async () => {
    const { app, clock } = await world();
    const now = clock.now();
    const [guest] = await app.deps.db
      .insert(users)
      .values({
        username: 'ewa-nowak',
        email: 'ewa@example.com',
        passwordHash: null,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await dovecot.append(
      await rawMail({
        from: 'Ewa Nowak <ewa@example.com>',
        subject: 'Wycena',
        text: 'Ile to kosztuje?',
      }),
    );
    await inboxEmptied();
    const [created] = await app.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.ownerId, guest?.id ?? 0));
    expect(created).toBeDefined();
    expect((await messagesOf(app, created?.id ?? 0))[0]?.body).toBe('Ile to kosztuje?');
    expect(await dovecot.count(PROCESSED)).toBeGreaterThanOrEqual(1);
  });

  it('attachments go through the upload checks: the image is re-encoded, a refused type is named', async () => {
    const { app, alice, ticketId, notification } = await world();
    const photo = await jpegWithExif();
    await dovecot.append(
      await rawMail({
        from: alice.user.email,
        inReplyTo: notification,
        text: 'Zrzut ekranu w załączniku',
        attachments: [
          { filename: 'zdjecie.jpg', content: photo, contentType: 'image/jpeg' },
          {
            filename: 'program.exe',
            content: Buffer.from('MZ\x90\x00\x03binary\x00\x00'),
            contentType: 'application/octet-stream',
          },
        ],
      }),
    );
    await inboxEmptied();
    const thread = (await alice.client.get(`/api/tickets/${ticketId}/messages`)).json();
    const last = thread.messages.at(-1);
    expect(last.body).toBe(
      'Zrzut ekranu w załączniku\n\n[Nie dołączono załączników: program.exe (niedozwolony typ pliku)]',
    );
    expect(last.files).toHaveLength(1);
    expect(last.files[0].filename).toBe('zdjecie.jpg');
    const file = await alice.client.get(last.files[0].url);
    expect(file.statusCode).toBe(200);
    // Re-encoded like an upload: the camera's EXIF block (and its location) is gone.
    expect(file.rawPayload.equals(photo)).toBe(false);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    expect(app.mailWatcher?.processed.at(-1)?.kind).toBe('stored');
  });

  it('a crash between commit and marking seen reprocesses the mail without a duplicate', async () => {
    let crashes = 1;
    const { app, alice, ticketId, notification } = await world({
      beforeMarking: () => {
        if (crashes-- > 0) throw new Error('killed before the mailbox was told');
      },
    });
    await dovecot.append(
      await rawMail({ from: alice.user.email, inReplyTo: notification, text: 'Po awarii' }),
    );
    await inboxEmptied();
    expect((await messagesOf(app, ticketId)).filter((m) => m.body === 'Po awarii')).toHaveLength(1);
    expect(app.mailWatcher?.processed.map((o) => o.kind)).toEqual(['stored', 'duplicate']);
    expect(await dovecot.count(PROCESSED)).toBe(1);
  });

  it('survives the IMAP server going down and coming back', async () => {
    const { app, alice, ticketId, notification } = await world();
    await eventually(async () => app.mailWatcher?.watching === true);
    await dovecot.stop();
    await eventually(async () => app.mailWatcher?.watching === false);
    await dovecot.start();
    await dovecot.append(
      await rawMail({ from: alice.user.email, inReplyTo: notification, text: 'Po przerwie' }),
    );
    await inboxEmptied();
    expect((await messagesOf(app, ticketId)).at(-1)?.body).toBe('Po przerwie');
  }, 60_000);

  it('two instances share one watcher; the other takes over when it stops', async () => {
    const first = await world();
    const second = await ctx.app({
      clock: first.clock,
      ...busOptions(),
      env: { IMAP_URL: dovecot.url, MAIL_REPLY_TO: 'kontakt@studio.test' },
      mailWatcher: { pollMs: 200 },
    });
    await second.ready();
    await eventually(async () =>
      Boolean(first.app.mailWatcher?.watching || second.mailWatcher?.watching),
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(
      [first.app.mailWatcher?.watching, second.mailWatcher?.watching].filter(Boolean),
    ).toHaveLength(1);
    const [watching, standby] = first.app.mailWatcher?.watching
      ? [first.app, second]
      : [second, first.app];
    const onStandby = redisUrl
      ? await streams.on(await listen(standby))(
          '/api/stream/tickets',
          await loginAs(standby, first.admin.user.id),
        )
      : null;
    for (const n of [1, 2, 3]) {
      await dovecot.append(
        await rawMail({
          from: first.alice.user.email,
          inReplyTo: first.notification,
          text: `Wiadomość ${n}`,
        }),
      );
    }
    await inboxEmptied();
    expect(await messagesOf(first.app, first.ticketId)).toHaveLength(5);
    // Through Redis, a browser on the other instance hears of each message at once.
    await onStandby?.waitFor(isMessageEvent);
    await watching.close();
    await eventually(async () => standby.mailWatcher?.watching === true);
    await dovecot.append(
      await rawMail({
        from: first.alice.user.email,
        inReplyTo: first.notification,
        text: 'Po przejęciu',
      }),
    );
    await inboxEmptied();
    expect((await messagesOf(standby, first.ticketId)).at(-1)?.body).toBe('Po przejęciu');
  }, 60_000);
});

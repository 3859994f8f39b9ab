import type { TicketItem } from '@studio/shared/tickets';
import { TicketListAnswerSchema } from '@studio/shared/tickets';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext } from '../../../test/helpers';
import { createTicket, postMessage, quickUser, ticketsWorld } from '../../../test/tickets-helpers';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { backfillSearchVectors } from '../search/index';
import {
  contentMatches,
  contentShare,
  forgetContentStatistics,
} from './service/content-statistics';
import {
  prepareSearch,
  SEARCH_CANDIDATES_MAX,
  SEARCH_STATEMENT_TIMEOUT_MS,
  TYPED_BY_INDEX_MAX,
} from './service/search';

/*
 * DESIGN.md §7.8 through `GET /api/tickets?q=`: Polish forms, diacritics,
 * people, typos, ranking, excerpts, paging, and who may find what. The
 * analyser itself and the dictionary-drawn test set are in src/modules/search.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

async function search(client: Client, q: string, extra = '') {
  const answer = await client.get(`/api/tickets?q=${encodeURIComponent(q)}${extra}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return TicketListAnswerSchema.parse(answer.json());
}

/**
 * SEARCH_CANDIDATES_MAX tickets of `ownerId`, each newer than the last, whose
 * content holds „kalosz” (and, `inSubject`, their subject too), written
 * directly as an import would.
 */
async function insertNewerTickets(db: Db, ownerId: number, { inSubject }: { inSubject: boolean }) {
  const subject = inSubject ? 'Kalosze' : '';
  const subjectVector = inSubject ? sql`array_to_tsvector(array['kalosz'])` : sql`''::tsvector`;
  await db.execute(sql`insert into tickets
      (owner_id, seq, status, created_at, last_activity_at, subject, search_vector, content_vector)
    select ${ownerId}, 100 + g, 'open', now(), now() + g * interval '1 second', ${subject},
      ${subjectVector}, array_to_tsvector(array['kalosz'])
    from generate_series(1, ${SEARCH_CANDIDATES_MAX}) g`);
}

const ids = (answer: { tickets: TicketItem[] }) => answer.tickets.map((ticket) => ticket.id);

/** The highlighted words of a result, as they stand in its excerpt. */
const marked = (ticket: TicketItem | undefined) =>
  (ticket?.match?.highlights ?? []).map(([start, end]) => ticket?.match?.text.slice(start, end));

async function opened(client: Client, body: string): Promise<number> {
  const answer = await createTicket(client, { body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().id;
}

describe('search: Polish words', () => {
  it('finds every form of a word, without diacritics too, with the words marked in the excerpt', async () => {
    const { alice, admin, clock } = await ticketsWorld(ctx);
    const invoice = await opened(
      alice.client,
      'Dzień dobry,\nproszę o fakturę korygującą za październik.',
    );
    clock.advance(1000);
    const sent = await opened(alice.client, 'Wczoraj wysłałem przelew na żółte konto.');
    clock.advance(1000);
    await opened(alice.client, 'Pytanie o cennik usług.');

    for (const q of ['faktura', 'faktury', 'FAKTURAMI', 'fakturze']) {
      expect(ids(await search(admin.client, q)), q).toEqual([invoice]);
    }
    expect(ids(await search(admin.client, 'wysłać przelewy'))).toEqual([sent]);
    expect(ids(await search(admin.client, 'zolty'))).toEqual([sent]);
    expect(ids(await search(alice.client, 'korygujaca faktura'))).toEqual([invoice]);

    const [hit] = (await search(admin.client, 'faktura korygująca')).tickets;
    expect(hit?.match?.text).toBe('Dzień dobry, proszę o fakturę korygującą za październik.');
    expect(marked(hit)).toEqual(['fakturę', 'korygującą']);
    // All words must be found: one that is nowhere empties the answer.
    expect(ids(await search(admin.client, 'faktura cennik'))).toEqual([]);
  });

  it('a word with one letter swapped, missing, extra or wrong still finds, below the exact matches', async () => {
    const { alice, bob, admin, clock } = await ticketsWorld(ctx);
    // The older ticket has the misspelt word itself: it matches the query as typed.
    const misspelt = await opened(bob.client, 'Rekalmacja numer 7 czeka.');
    clock.advance(1000);
    const complaint = await opened(alice.client, 'Składam reklamację butów.');

    for (const typo of ['rekalmacja', 'reklamcja', 'reklammacja', 'reklamacia']) {
      expect(ids(await search(admin.client, typo)), typo).toContain(complaint);
    }
    // Exact first, though older; the newer ticket is found through the typo only.
    expect(ids(await search(admin.client, 'rekalmacja'))).toEqual([misspelt, complaint]);
    // A word the dictionary knows is taken as meant: no guessing.
    expect(ids(await search(admin.client, 'reklamacja'))).toEqual([complaint]);
    // Four letters are too few to guess from.
    expect(ids(await search(admin.client, 'bótw'))).toEqual([]);
  });

  it('the last word also matches words it begins, as while typing', async () => {
    const { alice, admin } = await ticketsWorld(ctx);
    const invoice = await opened(alice.client, 'Gdzie jest moja faktura?');
    expect(ids(await search(admin.client, 'fakt'))).toEqual([invoice]);
    const [hit] = (await search(admin.client, 'moja fakt')).tickets;
    expect(marked(hit)).toEqual(['moja', 'faktura']);
    expect(ids(await search(admin.client, 'fa'))).toEqual([]);
  });

  it('excerpts a long message around its best place, at most 240 characters, plain text', async () => {
    const { alice, admin } = await ticketsWorld(ctx);
    const filler = 'Lorem ipsum dolor sit amet. '.repeat(30);
    const body = `${filler}Tu jest <b>hasło</b> kluczowe: <script>alert(1)</script> harmonogram wdrożenia. ${filler}`;
    await opened(alice.client, body);
    const [hit] = (await search(admin.client, 'harmonogram')).tickets;
    const match = hit?.match;
    expect(match?.text.length).toBeLessThanOrEqual(240);
    expect(match?.text.startsWith('…')).toBe(true);
    expect(match?.text.endsWith('…')).toBe(true);
    expect(match?.text).toContain('<script>alert(1)</script> harmonogram');
    expect(marked(hit)).toEqual(['harmonogram']);
  });
});

describe('search: people, numbers and subjects', () => {
  it('staff find a customer by username, e-mail address and its domain; a customer does not search others', async () => {
    const { app, admin } = await ticketsWorld(ctx);
    const jan = await quickUser(app, {
      username: 'jan_nowak',
      email: 'jan@biuro.kwiaciarnia-roza.pl',
    });
    const ola = await quickUser(app, { username: 'ola', email: 'ola@kwiaciarnia-roza.pl' });
    const stranger = await quickUser(app, { username: 'ktos', email: 'ktos@example.com' });
    const janTicket = await opened(jan.client, 'Pytanie o dostawę');
    const olaTicket = await opened(ola.client, 'Pytanie o kwiaty');
    await opened(stranger.client, 'Pytanie o nic');

    expect(ids(await search(admin.client, 'jan_no'))).toEqual([janTicket]);
    expect(ids(await search(admin.client, 'jan@biuro.kwiaciarnia-roza.pl'))).toEqual([janTicket]);
    expect(ids(await search(admin.client, 'kwiaciarnia-roza.pl')).sort()).toEqual(
      [janTicket, olaTicket].sort(),
    );
    // Found by the person: no message matched, so no excerpt.
    expect((await search(admin.client, 'ola')).tickets[0]?.match).toBeNull();
    expect(ids(await search(stranger.client, 'kwiaciarnia-roza.pl'))).toEqual([]);
    expect(ids(await search(stranger.client, 'ola'))).toEqual([]);
  });

  it('finds an inquiry by its sender name and address, a ticket by its renamed subject and number, number first', async () => {
    const { app, alice, admin, clock } = await ticketsWorld(ctx);
    const first = await opened(alice.client, 'Problem z logowaniem');
    clock.advance(1000);
    const second = await opened(alice.client, 'Drugie zgłoszenie, numer 1 w treści');
    const renamed = await alice.client.request(
      'PATCH',
      `/api/tickets/${first}`,
      JSON.stringify({ subject: 'Zablokowane konto firmowe' }),
      { 'content-type': 'application/json' },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ids(await search(admin.client, 'zablokowanego konta'))).toEqual([first]);
    const [subjectHit] = (await search(admin.client, 'konto')).tickets;
    expect(subjectHit?.match).toBeNull();
    // „1” is the first ticket's seq and a word in the second's text: the number wins.
    expect(ids(await search(alice.client, '#1'))[0]).toBe(first);
    expect(ids(await search(alice.client, '1'))).toEqual([first, second]);

    // An inquiry's ticket: its sender's name and address, as given.
    const visitor = new Client(app);
    const email = 'b.wisniewska@przyklad-firmy.pl';
    const sent = await visitor.post('/api/inquiries', {
      name: 'Barbara Wiśniewska',
      email,
      body: 'Proszę o wycenę sklepu.',
      accept_terms: true,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const token = (await ctx.mail.last(email)).text.match(/token=([\w-]{43})/)?.[1];
    const confirmed = await visitor.post('/api/inquiries/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const inquiryTicket = confirmed.json().ticket_id;
    expect(ids(await search(admin.client, 'Wiśniewską Barbarę'))).toEqual([inquiryTicket]);
    expect(ids(await search(admin.client, 'przyklad-firmy.pl'))).toEqual([inquiryTicket]);
  });
});

describe('search: notes, paging, limits', () => {
  it('a note is found by staff only; a customer finds only the public messages of their own tickets', async () => {
    const { alice, bob, admin } = await ticketsWorld(ctx);
    const ticket = await opened(alice.client, 'Zwykła wiadomość');
    await opened(bob.client, 'Wiadomość z tajemniczym słowem kalafiorem');
    const note = await postMessage(admin.client, ticket, {
      body: 'Notatka o kalafiorze',
      extra: { internal: 'true' },
    });
    expect(note.statusCode).toBe(201);
    expect(ids(await search(alice.client, 'kalafior'))).toEqual([]);
    expect(ids(await search(admin.client, 'kalafior'))).toHaveLength(2);
    const noteHit = (await search(admin.client, 'kalafior')).tickets.find((t) => t.id === ticket);
    expect(noteHit?.match?.message_id).toBe(note.json().message.id);
  });

  it('staff find a ticket by its words across messages, a later one too; a customer needs them in one message', async () => {
    const { alice, admin } = await ticketsWorld(ctx);
    const id = await opened(alice.client, 'Problem z drukarką');
    const answer = await postMessage(alice.client, id, { body: 'Dodam, że chodzi o fakturę' });
    expect(answer.statusCode, answer.body).toBe(201);
    const staff = await search(admin.client, 'drukarka faktura');
    expect(ids(staff)).toEqual([id]);
    expect(staff.tickets[0]?.match?.text).toMatch(/drukarką|fakturę/);
    expect(ids(await search(alice.client, 'drukarka faktura'))).toEqual([]);
    expect(ids(await search(alice.client, 'faktura'))).toEqual([id]);
  });

  it('pages the ranked results with an opaque cursor and refuses a forged one', async () => {
    const { alice, admin, clock } = await ticketsWorld(ctx);
    const made: number[] = [];
    for (let n = 0; n < 5; n++) {
      made.push(await opened(alice.client, `Zamówienie numer ${n + 100}`));
      clock.advance(1000);
    }
    const first = await search(admin.client, 'zamówienia', '&limit=2');
    expect(first.tickets).toHaveLength(2);
    const seen = [...ids(first)];
    let cursor = first.next_cursor;
    while (cursor) {
      const next = await search(admin.client, 'zamówienia', `&limit=2&cursor=${cursor}`);
      seen.push(...ids(next));
      cursor = next.next_cursor;
    }
    expect(seen).toEqual([...made].reverse());
    for (const forged of ['WyJzZWFyY2giLC0xXQ', 'WyJzZWFyY2giLDEwMDAwMDBd', 'bm9wZQ']) {
      const answer = await admin.client.get(`/api/tickets?q=zam&cursor=${forged}`);
      expect(answer.statusCode, forged).toBe(400);
    }
  });

  it('a query of punctuation finds nothing; hostile input is only text', async () => {
    const { alice, admin } = await ticketsWorld(ctx);
    await opened(alice.client, "Tekst z apostrofem O'Brien i \\ ukośnikiem");
    expect(ids(await search(admin.client, '!!! ---'))).toEqual([]);
    expect(ids(await search(admin.client, "o'brien"))).toHaveLength(1);
    for (const q of ["') | ('", '\\', ':*', '& | !', "a' & 'b"]) {
      expect((await search(admin.client, q)).tickets, q).toBeDefined();
    }
  });

  it('a search stops a runaway statement after 5 s and compiles none (finding 16), for its transaction only', async () => {
    await ticketsWorld(ctx);
    const { db } = ctx.database;
    const setting = async (tx: Db, name: string) => {
      const result = await tx.execute(sql`select current_setting(${name}) as value`);
      return (result as unknown as { rows: { value: string }[] }).rows[0]?.value;
    };
    for (const actor of [
      { id: 1, isAdmin: true },
      { id: 2, isAdmin: false },
    ]) {
      const inside = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await prepareSearch(tx, actor, 'faktura');
        return {
          timeout: await setting(tx, 'statement_timeout'),
          jit: await setting(tx, 'jit'),
          seqscan: await setting(tx, 'enable_seqscan'),
        };
      });
      expect(inside).toEqual({
        timeout: `${SEARCH_STATEMENT_TIMEOUT_MS / 1000}s`,
        jit: 'off',
        seqscan: 'off',
      });
    }
    expect(await setting(db as unknown as Db, 'statement_timeout')).toBe('0');
    expect(await setting(db as unknown as Db, 'enable_seqscan')).toBe('on');
  });

  it('the staff tab counts use the same search', async () => {
    const { alice, admin } = await ticketsWorld(ctx);
    await opened(alice.client, 'Proszę o fakturę');
    await opened(alice.client, 'Inna sprawa');
    const views = await admin.client.get('/api/admin/ticket-views?q=faktury');
    expect(views.statusCode, views.body).toBe(200);
    expect(views.json().views.all).toBe(1);
    // Nothing to search by finds nothing, in every tab.
    const none = await admin.client.get(
      `/api/admin/ticket-views?q=${encodeURIComponent("') | ('")}`,
    );
    expect(none.statusCode, none.body).toBe(200);
    expect(Object.values(none.json().views)).toEqual(Array(8).fill(0));
  });
});

describe('search: a common word', () => {
  it('ranks its newest matching tickets only; an older ticket is found with a rarer word beside it', async () => {
    const { app, alice, bob, admin, clock } = await ticketsWorld(ctx);
    const older = await opened(alice.client, 'Zwrot towaru\nKalosze przemokły, zwracam parasol');
    clock.advance(1000);
    // Many newer tickets with the word, written directly (as an import would).
    await insertNewerTickets(app.deps.db, bob.user.id, { inSubject: false });
    const common = await search(admin.client, 'kalosze', '&limit=200');
    expect(common.tickets).toHaveLength(200);
    expect(ids(common)).not.toContain(older);
    expect(ids(await search(admin.client, 'kalosze parasol'))).toEqual([older]);
    // Once the statistics know the word is in most tickets, they are tested newest first
    // instead of listed by the index: the same answer.
    await app.deps.db.execute(sql`analyze tickets`);
    forgetContentStatistics(app.deps.db);
    const share = (word: string) => contentShare(app.deps.db, app.deps.db, [[word]], []);
    expect(await share('kalosz')).toBeGreaterThan(0.9);
    expect(await share('parasol')).toBeLessThan(0.1);
    // A word typed whole is also the prefix of its longer forms: its own share counts once.
    const typedWhole = await contentShare(app.deps.db, app.deps.db, [['kalosz']], ['kalosz']);
    expect(typedWhole - (await share('kalosz'))).toBeLessThan(0.01);
    expect(ids(await search(admin.client, 'kalosze', '&limit=200'))).toEqual(ids(common));
    expect(ids(await search(admin.client, 'kalosze parasol'))).toEqual([older]);

    // The statistics still call the word common when fewer than SEARCH_CANDIDATES_MAX
    // tickets have it: the walk comes short, and the index's way in the same statement
    // lists them all, the oldest too, on the next page.
    await app.deps.db.execute(
      sql`delete from tickets where id in (select id from tickets where owner_id = ${bob.user.id}
        order by last_activity_at desc limit 10)`,
    );
    expect(await share('kalosz')).toBeGreaterThan(0.9);
    const first = await search(admin.client, 'kalosze', '&limit=200');
    expect(first.tickets).toHaveLength(200);
    expect(first.next_cursor).not.toBeNull();
    const second = await search(admin.client, 'kalosze', `&limit=200&cursor=${first.next_cursor}`);
    // The word is in SEARCH_CANDIDATES_MAX + 1 tickets less the 10 deleted.
    expect(ids(second)).toHaveLength(SEARCH_CANDIDATES_MAX + 1 - 10 - 200);
    expect(ids(second).at(-1)).toBe(older);
  });
});

describe('search: a word in thousands of tickets', () => {
  it('tells which of the newest matches have the words as typed by reading their vectors: the same answer', async () => {
    const { app, bob, admin } = await ticketsWorld(ctx);
    const db = app.deps.db;
    // Oldest: more than TYPED_BY_INDEX_MAX tickets with „kalosz”; then a few with only a
    // longer word „kalosze” begins (the query's last word as a prefix, not as typed); newest,
    // more than the walk's rows without either, so the walk of the newest comes short.
    const typed = TYPED_BY_INDEX_MAX + 100;
    await db.execute(sql`insert into tickets
        (owner_id, seq, status, created_at, last_activity_at, subject, search_vector, content_vector)
      select ${bob.user.id}, 1000 + g, 'open', now(), now() + g * interval '1 second', '',
        ''::tsvector, array_to_tsvector(array[case when g <= ${typed} then 'kalosz'
          when g <= ${typed + 20} then 'kaloszeria' else 'parasol' end])
      from generate_series(1, ${typed + 20 + SEARCH_CANDIDATES_MAX * 11}) g`);
    const matches = await rowsOf<{ id: number; exact: boolean }>(
      db,
      sql`select id, content_vector @@ 'kalosz'::tsquery as exact from tickets
        where content_vector @@ '(kalosz | kalosze:*)'::tsquery
        order by last_activity_at desc, id desc limit ${SEARCH_CANDIDATES_MAX}`,
    );
    // Ranked: the words as typed first, newest first; then the prefix's.
    const expected = [
      ...matches.filter((m) => m.exact).map((m) => m.id),
      ...matches.filter((m) => !m.exact).map((m) => m.id),
    ];
    expect(expected.slice(-20)).toEqual(matches.slice(0, 20).map((m) => m.id));
    const all = async () => {
      const first = await search(admin.client, 'kalosze', '&limit=200');
      expect(first.next_cursor).not.toBeNull();
      const second = await search(
        admin.client,
        'kalosze',
        `&limit=200&cursor=${first.next_cursor}`,
      );
      return [...ids(first), ...ids(second)];
    };
    expect(await all()).toEqual(expected);
    // With the statistics: the word is common (the walk's way, which comes short) and more
    // than TYPED_BY_INDEX_MAX tickets have it as typed, so the index's newest matches are
    // tested one by one.
    await db.execute(sql`analyze tickets`);
    forgetContentStatistics(db);
    expect(await contentShare(db, db, [['kalosz']], ['kalosze'])).toBeGreaterThan(0.1);
    expect(await contentMatches(db, db, [['kalosz']], [])).toBeGreaterThan(TYPED_BY_INDEX_MAX);
    expect(await all()).toEqual(expected);
  });
});

describe('search: a common subject word', () => {
  it('its newest subject matches are walked when the statistics call it common, the index lists the rest: the same answer', async () => {
    const { app, alice, bob, admin, clock } = await ticketsWorld(ctx);
    const older = await opened(alice.client, 'Kalosze przemokły\nZwracam parasol');
    clock.advance(1000);
    // Many newer tickets with the word in their subject (and so in their content).
    await insertNewerTickets(app.deps.db, bob.user.id, { inSubject: true });
    const all = async () => {
      const first = await search(admin.client, 'kalosze', '&limit=200');
      const second = first.next_cursor
        ? await search(admin.client, 'kalosze', `&limit=200&cursor=${first.next_cursor}`)
        : { tickets: [] };
      return [...first.tickets, ...second.tickets].map((t) => t.id);
    };
    const byIndex = await all();
    await app.deps.db.execute(sql`analyze tickets`);
    forgetContentStatistics(app.deps.db);
    const share = (word: string) =>
      contentShare(app.deps.db, app.deps.db, [[word]], [], undefined, 'search_vector');
    expect(await share('kalosz')).toBeGreaterThan(0.9);
    expect(await share('parasol')).toBeLessThan(0.1);
    expect(await all()).toEqual(byIndex);
    // Fewer than SEARCH_CANDIDATES_MAX newer subjects have it: the walk comes short, and
    // the index's way lists them all, the oldest last, with its subject's points.
    await app.deps.db.execute(
      sql`delete from tickets where id in (select id from tickets where owner_id = ${bob.user.id}
        order by last_activity_at desc limit 10)`,
    );
    expect(await share('kalosz')).toBeGreaterThan(0.9);
    const rest = await all();
    expect(rest).toHaveLength(SEARCH_CANDIDATES_MAX + 1 - 10);
    expect(rest.at(-1)).toBe(older);
    expect(ids(await search(admin.client, 'kalosze parasol'))).toEqual([older]);
  });
});

describe('search: rows written before search tokens', () => {
  it('the backfill gives them tokens once, and then they are found', async () => {
    const { app, alice, admin } = await ticketsWorld(ctx);
    const ticket = await opened(alice.client, 'Stara wiadomość o gwarancji');
    await app.deps.db.execute(sql`update ticket_messages set search_vector = null`);
    await app.deps.db.execute(sql`update tickets set search_vector = null, content_vector = null`);
    await app.deps.db.execute(sql`delete from search_words`);
    expect(ids(await search(admin.client, 'gwarancja'))).toEqual([]);
    // The message, the ticket's own tokens, then the ticket's content.
    expect(await backfillSearchVectors(app.deps.db)).toBe(3);
    expect(await backfillSearchVectors(app.deps.db)).toBe(0);
    expect(ids(await search(admin.client, 'gwarancja'))).toEqual([ticket]);
    // Its words are known again, so a typo of one finds it.
    expect(ids(await search(admin.client, 'gwarancka'))).toEqual([ticket]);
    expect(ids(await search(alice.client, 'gwarancka'))).toEqual([ticket]);
  });
});

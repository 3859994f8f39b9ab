// Fills a freshly migrated database (the server's own schema, see
// apps/server/src/db/schema) with SQL in a few large statements: going through
// the HTTP API would take hours for a million messages. Secondary indexes are
// dropped first and rebuilt from their own definitions afterwards, which is
// several times faster than maintaining them row by row.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverSearch } from './polish-text.mjs';
import { root } from './util.mjs';

// The server's own copies of its drivers, so the bench opens the database exactly as it does.
const serverRequire = createRequire(path.join(root, 'apps/server/package.json'));

export const PASSWORD = 'bench-Haslo-2026!';
export const ADMIN = { id: 1, username: 'bench-admin', email: 'admin@bench.test' };
/** Staff accounts whose sessions hold the fan-out streams (10 streams per session at most). */
export const STAFF_COUNT = 20;
const FIRST_CUSTOMER_ID = 2 + STAFF_COUNT;
/** Ticket 1 is the long thread the benchmark reads. */
export const THREAD_TICKET_ID = 1;
export const THREAD_MESSAGES = 200;
/** The customer who owns the long thread, ticket 1 (like every customer, ten tickets in all). */
export const THREAD_OWNER_EMAIL = 'klient0@bench.test';

const sha256 = (value) => createHash('sha256').update(value).digest('hex');
const token = () => randomBytes(32).toString('base64url');

/** argon2id with the server's parameters (apps/server/src/modules/auth/passwords.ts). */
async function passwordHash() {
  const { hash } = serverRequire('@node-rs/argon2');
  return hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

const BODIES = [
  'Dzień dobry, po ostatniej aktualizacji strona logowania ładuje się bardzo długo. Czy możecie sprawdzić?',
  'Dziękuję za szybką odpowiedź, wszystko działa poprawnie.',
  'W załączniku przesyłam zrzut ekranu z błędem, który pojawia się przy zapisie formularza kontaktowego.',
  'Czy możemy umówić się na krótką rozmowę w sprawie wyceny nowego modułu sklepu?',
  'Sprawdziliśmy logi serwera: problem wynikał z przepełnionej kolejki zadań, poprawka jest już wdrożona.',
  'Proszę o dodanie nowego użytkownika do panelu administracyjnego naszej strony.',
  'Zauważyłem literówkę w stopce strony głównej — zamiast „Regulamin” jest „Regulmain”.',
  'Faktura za poprzedni miesiąc nie dotarła na nasz adres e-mail, czy możecie ją wysłać ponownie?',
  'Wdrożenie zaplanowaliśmy na czwartek wieczorem, strona będzie niedostępna przez około 15 minut.',
  'Serwer gry restartuje się co kilka godzin bez widocznego powodu. Poniżej wklejam fragment logu.',
  'Zmiana została wprowadzona, prosimy o weryfikację na środowisku testowym.',
  'Czy istnieje możliwość eksportu zamówień do pliku CSV z podziałem na miesiące?',
  'Po zmianie hasła nie mogę zalogować się na konto, komunikat mówi o niepoprawnych danych.',
  'Kod weryfikacyjny przychodzi z opóźnieniem około pięciu minut, czasem trafia do spamu.',
  'Świetna robota, nowa wersja działa zauważalnie szybciej na telefonach.',
  'Proszę o informację, jaki jest status prac nad integracją z systemem płatności.',
  'Przesyłamy poprawioną specyfikację: zmiany dotyczą głównie sekcji z cennikiem i galerią.',
  'Strona wyświetla się niepoprawnie w trybie ciemnym na starszych przeglądarkach mobilnych.',
  'Zgłoszenie zamykamy, w razie pytań prosimy o odpowiedź w tym wątku.',
  'Potwierdzam odbiór, do końca tygodnia przekażemy uwagi od całego zespołu.',
];
const sqlText = (s) => `'${s.replaceAll("'", "''")}'`;
const BODY_ARRAY = `array[${BODIES.map(sqlText).join(',')}]::text[]`;

/**
 * The bodies with their search tokens, as rows of a VALUES list: body i + 1
 * and its tokens, space-separated (a token never has a space). A seeded body
 * is one of them followed by ` (k)`, whose tokens are the body's and `k`.
 */
async function bodyTokenRows() {
  const { searchTokens } = await serverSearch();
  return BODIES.map(
    (body, i) => `(${i + 1}, ${sqlText(body)}, ${sqlText(searchTokens(body).join(' '))})`,
  ).join(',\n');
}

/** One interface over PGlite and node-postgres: exec runs a script, query returns rows. */
export async function openPgliteDb(dataDir) {
  const { PGlite } = serverRequire('@electric-sql/pglite');
  const client = new PGlite(path.join(dataDir, 'db'));
  await client.waitReady;
  return {
    exec: (sql) => client.exec(sql),
    query: async (sql, params) => (await client.query(sql, params)).rows,
    close: () => client.close(),
  };
}

export async function openPostgresDb(url) {
  const pg = serverRequire('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: (sql) => client.query(sql),
    query: async (sql, params) => (await client.query(sql, params)).rows,
    close: () => client.end(),
  };
}

/**
 * Seeds `tickets` tickets and `messages` messages: ticket 1 has exactly 200
 * messages, the others share the rest (about 20 each). Customers own ten
 * tickets each; every fourth ticket of a customer is closed. Returns the
 * session tokens the load generators use.
 *
 * Every message and ticket gets the `search_vector` the server would write
 * (issue 30), so the server's start-up backfill finds nothing to do and does
 * not run under the measurements. `texts: true` takes the other messages'
 * bodies and the tickets' subjects from the tables `bench_message_texts (n,
 * body, tokens)` (n from 1 to messages - 200) and `bench_ticket_texts (id,
 * subject, tokens)` that the caller filled (the search benchmark), instead of
 * the twenty bodies above and empty subjects.
 */
export async function seed(
  db,
  { tickets, messages, customerSessions, staffSessionsPerUser = 10, texts = false },
) {
  const customers = Math.max(1, Math.floor(tickets / 10));
  const [{ count }] = await db.query('select count(*)::int as count from users');
  if (count !== 0) throw new Error('seed expects a freshly migrated, empty database');
  const hash = await passwordHash();
  const rest = messages - THREAD_MESSAGES;

  // Secondary indexes go and come back with their exact definitions from the migrations.
  const indexes = await db.query(`
    select indexname, indexdef from pg_indexes
    where schemaname = 'public'
      and tablename in ('users', 'tickets', 'ticket_messages', 'ticket_reads', 'sessions')
      and indexname not in (select conname from pg_constraint)`);
  await db.exec(indexes.map((i) => `drop index "${i.indexname}";`).join('\n'));

  await db.exec(`
    begin;
    -- Rows are consistent by construction; skipping the foreign-key triggers saves minutes.
    set local session_replication_role = replica;
    create temporary table bench_bodies (i int primary key, body text, tokens text) on commit drop;
    insert into bench_bodies values ${await bodyTokenRows()};

    insert into users (id, username, email, password_hash, is_admin, mfa_enabled,
                       email_verified_at, created_at, updated_at)
    values (${ADMIN.id}, ${sqlText(ADMIN.username)}, ${sqlText(ADMIN.email)}, ${sqlText(hash)},
            true, false, now(), now() - interval '400 days', now());

    insert into users (id, username, email, password_hash, is_admin, mfa_enabled,
                       email_verified_at, created_at, updated_at)
    select 1 + s, 'bench-staff-' || lpad(s::text, 2, '0'), 'staff' || s || '@bench.test',
           ${sqlText(hash)}, true, false, now(), now() - interval '300 days', now()
    from generate_series(1, ${STAFF_COUNT}) s;

    insert into users (id, username, email, password_hash, is_admin, mfa_enabled,
                       email_verified_at, created_at, updated_at)
    select ${FIRST_CUSTOMER_ID} + c, 'klient-' || lpad(c::text, 6, '0'),
           'klient' || c || '@bench.test', ${sqlText(hash)}, false, false,
           now(), now() - interval '370 days', now()
    from generate_series(0, ${customers - 1}) c;

    -- Ticket i belongs to customer (i-1) % customers; later ids are newer.
    insert into tickets (id, owner_id, seq, status, created_at, last_activity_at,
                         last_message_preview, subject, search_vector)
    select i,
           ${FIRST_CUSTOMER_ID} + (i - 1) % ${customers},
           (i - 1) / ${customers} + 1,
           case when ((i - 1) / ${customers} + 1) % 4 = 0 then 'closed' else 'open' end,
           now() - interval '365 days' * (${tickets} - i)::float8 / ${tickets} - interval '1 day',
           now() - interval '365 days' * (${tickets} - i)::float8 / ${tickets}
             + interval '1 minute' * (i % 600) - interval '1 day',
           left((${BODY_ARRAY})[1 + i % ${BODIES.length}], 140),
           ${texts ? `x.subject, array_to_tsvector(string_to_array(x.tokens, ' '))` : `'', ''::tsvector`}
    from generate_series(1, ${tickets}) i
    ${texts ? 'join bench_ticket_texts x on x.id = i' : ''};

    -- The long thread: customer and admin take turns.
    insert into ticket_messages (id, ticket_id, author_id, author_is_admin, body, created_at,
                                 search_vector)
    select k, ${THREAD_TICKET_ID},
           case when k % 2 = 0 then ${ADMIN.id} else ${FIRST_CUSTOMER_ID} end,
           k % 2 = 0,
           b.body || ' (' || k || ')',
           now() - interval '1 hour' * (${THREAD_MESSAGES} - k),
           array_to_tsvector(string_to_array(b.tokens || ' ' || k, ' '))
    from generate_series(1, ${THREAD_MESSAGES}) k
    join bench_bodies b on b.i = 1 + k % ${BODIES.length};

    -- The rest round-robin over tickets 2..N; every third message is the admin's.
    insert into ticket_messages (id, ticket_id, author_id, author_is_admin, body, created_at,
                                 search_vector)
    select ${THREAD_MESSAGES} + k,
           2 + (k - 1) % ${Math.max(1, tickets - 1)},
           case when k % 3 = 0 then ${ADMIN.id}
                else ${FIRST_CUSTOMER_ID} + ((1 + (k - 1) % ${Math.max(1, tickets - 1)}) % ${customers}) end,
           k % 3 = 0,
           ${texts ? 'x.body' : `b.body || ' (' || k || ')'`},
           now() - interval '400 days' + interval '1 second' * k * (34000000.0 / ${rest}),
           array_to_tsvector(string_to_array(${texts ? 'x.tokens' : `b.tokens || ' ' || k`}, ' '))
    from generate_series(1, ${rest}) k
    ${texts ? 'join bench_message_texts x on x.n = k' : `join bench_bodies b on b.i = 1 + k % ${BODIES.length}`};

    -- Each ticket's message count, as the server keeps it with every message.
    update tickets t set message_count = c.n
    from (select ticket_id, count(*)::int as n from ticket_messages group by ticket_id) c
    where t.id = c.ticket_id;

    -- Staff search's union of a ticket's own and its messages' tokens, and every token
    -- that occurs, as the server keeps them with every message (issue 30).
    update tickets t set content_vector = coalesce(t.search_vector, ''::tsvector) || c.v
    from (select m.ticket_id, array_to_tsvector(array_agg(distinct w)) as v
          from ticket_messages m, unnest(tsvector_to_array(m.search_vector)) w
          group by m.ticket_id) c
    where t.id = c.ticket_id;
    update tickets set content_vector = coalesce(search_vector, ''::tsvector)
    where content_vector is null;
    insert into search_words (word)
    select distinct w from tickets, unnest(tsvector_to_array(content_vector)) w
    on conflict do nothing;

    -- Owners have read everything; the admin has read every other ticket.
    insert into ticket_reads (ticket_id, user_id, last_read_message_id, last_notified_message_id)
    select m.ticket_id, t.owner_id, max(m.id), max(m.id)
    from ticket_messages m join tickets t on t.id = m.ticket_id
    group by m.ticket_id, t.owner_id;
    insert into ticket_reads (ticket_id, user_id, last_read_message_id, last_notified_message_id)
    select ticket_id, ${ADMIN.id}, max(id), max(id)
    from ticket_messages where ticket_id % 2 = 0 group by ticket_id;
    commit;
  `);

  // Sessions: one per customer for the POST benchmark (its first ticket is open),
  // staff sessions for the fan-out streams.
  const sessionRows = [];
  const customerTokens = [];
  for (let c = 1; c <= Math.min(customerSessions, customers - 1); c++) {
    const t = token();
    customerTokens.push({ token: t, userId: FIRST_CUSTOMER_ID + c, ticketId: c + 1 });
    sessionRows.push([t, FIRST_CUSTOMER_ID + c]);
  }
  const staffTokens = [];
  for (let s = 1; s <= STAFF_COUNT; s++) {
    for (let k = 0; k < staffSessionsPerUser; k++) {
      const t = token();
      staffTokens.push({ token: t, userId: 1 + s });
      sessionRows.push([t, 1 + s]);
    }
  }
  for (let i = 0; i < sessionRows.length; i += 1000) {
    const values = sessionRows
      .slice(i, i + 1000)
      .map(
        ([t, userId]) =>
          `('${sha256(t)}', ${userId}, true, now(), now(), now() + interval '30 days', '127.0.0.1', 'bench')`,
      )
      .join(',\n');
    await db.exec(`insert into sessions (token_hash, user_id, is_persistent, created_at,
      last_used_at, expires_at, ip, user_agent) values ${values};`);
  }

  await db.exec(`
    ${indexes.map((i) => `${i.indexdef};`).join('\n')}
    select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));
    select setval(pg_get_serial_sequence('tickets', 'id'), (select max(id) from tickets));
    select setval(pg_get_serial_sequence('ticket_messages', 'id'), (select max(id) from ticket_messages));
    analyze;
  `);

  const [counts] = await db.query(`select
    (select count(*)::int from users) as users,
    (select count(*)::int from tickets) as tickets,
    (select count(*)::int from ticket_messages) as messages,
    (select count(*)::int from ticket_messages where ticket_id = ${THREAD_TICKET_ID}) as thread`);
  return { counts, customerTokens, staffTokens };
}

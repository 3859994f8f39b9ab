// Search (issue 30, "Speed"): `GET /api/tickets?q=` as staff, on PostgreSQL
// with 1,000,000 messages in 100,000 tickets at 20 connections, and on PGlite
// with 100,000 messages at one; one- to three-word queries and typo queries,
// each kind on its own, next to its p95 limit; the size of the search index.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeQueries, polishText, random } from './lib/polish-text.mjs';
import { openPgliteDb, openPostgresDb, seed } from './lib/seed.mjs';
import { log, round, startServer, summarize } from './lib/util.mjs';

/** Query kinds, each with its p95 limit (issue 30). */
export const KINDS = [
  { name: 'one word', words: 1, limitMs: 100 },
  { name: 'two words', words: 2, limitMs: 100 },
  { name: 'three words', words: 3, limitMs: 100 },
  { name: 'typo (two letters swapped)', words: 1, typo: true, limitMs: 250 },
];
/** Distinct queries per kind. */
const QUERIES_PER_KIND = 101;
/**
 * Staff accounts the searches are spread over. The server allows a person
 * 30 searches a minute (finding 16), so 20 connections searching back to back
 * stand for many people: with 3,001 accounts in turn each searches at most 30
 * times a minute up to 1,500 searches a second in all. 3,001 and 101 share no
 * divisor, so no (account, query) pair repeats within 300,000 requests and
 * no answer comes from the server's snapshot cache (its key holds both).
 */
const SEARCH_STAFF = 3_001;

/**
 * A search as the desk asks for it: the lists ask for TICKET_SEARCH_PAGE
 * (packages/shared/src/limits.ts) results a page while searching.
 */
const SEARCH_PAGE = 25;
const searchUrl = (baseUrl, q) =>
  `${baseUrl}/api/tickets?q=${encodeURIComponent(q)}&limit=${SEARCH_PAGE}`;

const sha256 = (value) => createHash('sha256').update(value).digest('hex');

/**
 * Seeds a migrated, empty database with generated Polish text: the messages'
 * bodies and tickets' subjects first into staging tables (search tokens
 * computed here, per distinct word), then `seed()` writes the rows from them.
 */
export async function seedPolish(db, { tickets, messages, engine }) {
  const text = await polishText();
  const sample = [];
  const rest = messages - 200;
  const sampleEvery = Math.max(1, Math.floor(rest / 3000));
  await db.exec(`
    create unlogged table bench_message_texts (n int primary key, body text, tokens text);
    create unlogged table bench_ticket_texts (id int primary key, subject text, tokens text);`);
  const BATCH = 2_000;
  let pending = Promise.resolve();
  let chars = 0;
  for (let from = 1; from <= rest; from += BATCH) {
    const ns = [];
    const bodies = [];
    const tokens = [];
    for (let n = from; n < Math.min(from + BATCH, rest + 1); n++) {
      const m = text.message(5, 60, true);
      ns.push(n);
      bodies.push(m.body);
      tokens.push(m.tokens);
      chars += m.body.length;
      if (n % sampleEvery === 0) sample.push(m);
    }
    // The database stores one batch while the next one is generated.
    await pending;
    pending = db.query(
      'insert into bench_message_texts select * from unnest($1::int[], $2::text[], $3::text[])',
      [ns, bodies, tokens],
    );
    if ((from - 1) % 100_000 === 0 && from > 1) log(`  ${from - 1} message texts`);
  }
  await pending;
  const ids = [];
  const subjects = [];
  const subjectTokens = [];
  for (let id = 1; id <= tickets; id++) {
    const m = text.message(2, 8);
    ids.push(id);
    subjects.push(m.body.replace(/[.?]$/, ''));
    subjectTokens.push(m.tokens);
  }
  for (let i = 0; i < ids.length; i += 10_000) {
    await db.query(
      'insert into bench_ticket_texts select * from unnest($1::int[], $2::text[], $3::text[])',
      [ids.slice(i, i + 10_000), subjects.slice(i, i + 10_000), subjectTokens.slice(i, i + 10_000)],
    );
  }
  log(`  texts generated (${text.vocabulary} words in the vocabulary), seeding (${engine})`);
  const seeded = await seed(db, {
    tickets,
    messages,
    customerSessions: 10,
    staffSessionsPerUser: 1,
    texts: true,
  });
  await db.exec('drop table bench_message_texts; drop table bench_ticket_texts;');

  // Customers with names for usernames and addresses at companies („jan.kowalski.17@firma-3.pl”).
  const customers = await db.query('select id from users where not is_admin order by id');
  const people = customers.map((c) => {
    const [who, at] = text.email().split('@');
    return { id: c.id, username: `${who}.${c.id}`, email: `${who}.${c.id}@${at}` };
  });
  for (let i = 0; i < people.length; i += 10_000) {
    const part = people.slice(i, i + 10_000);
    await db.query(
      `update users u set username = x.username, email = x.email
       from unnest($1::int[], $2::text[], $3::text[]) x(id, username, email) where u.id = x.id`,
      [part.map((p) => p.id), part.map((p) => p.username), part.map((p) => p.email)],
    );
  }

  // Staff accounts and sessions for the searches (rows, as seed() makes its sessions).
  const [{ max }] = await db.query('select max(id)::int as max from users');
  const [{ hash }] = await db.query('select password_hash as hash from users where id = 1');
  const staffTokens = [];
  const rows = [];
  for (let s = 1; s <= SEARCH_STAFF; s++) {
    const token = randomBytes(32).toString('base64url');
    staffTokens.push(token);
    rows.push({ id: max + s, token });
  }
  for (let i = 0; i < rows.length; i += 1_000) {
    const part = rows.slice(i, i + 1_000);
    await db.query(
      `insert into users (id, username, email, password_hash, is_admin, mfa_enabled,
                          email_verified_at, created_at, updated_at)
       select x.id, 'bench-search-' || x.id, 'search' || x.id || '@bench.test', $2, true, false,
              now(), now(), now()
       from unnest($1::int[]) x(id)`,
      [part.map((r) => r.id), hash],
    );
    await db.query(
      `insert into sessions (token_hash, user_id, is_persistent, created_at, last_used_at,
                             expires_at, ip, user_agent)
       select x.h, x.id, true, now(), now(), now() + interval '30 days', '127.0.0.1', 'bench'
       from unnest($1::text[], $2::int[]) x(h, id)`,
      [part.map((r) => sha256(r.token)), part.map((r) => r.id)],
    );
  }
  await db.exec(`
    select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users));
    analyze;`);
  const [{ missing }] = await db.query(
    `select (select count(*) from ticket_messages where search_vector is null)
          + (select count(*) from tickets where search_vector is null or content_vector is null) as missing`,
  );
  if (Number(missing) !== 0) throw new Error(`${missing} rows seeded without a search_vector`);
  // The share of messages the rarest word of a query is in (its alternatives added up):
  // at most that share can match, and about that many messages the search ranks.
  const share = (q) => {
    // Loose: a typo's neighbours count (the word as typed is in no message).
    const terms = text.search.searchTerms(q, 8).loose.filter((alternatives) => alternatives.length);
    const counts = terms.map((alternatives) =>
      alternatives.reduce((sum, t) => sum + (text.documentFrequency.get(t) ?? 0), 0),
    );
    return counts.length ? Math.min(...counts) / rest : 0;
  };
  return {
    counts: seeded.counts,
    sample,
    share,
    search: text.search,
    staffTokens,
    averageChars: Math.round(chars / rest),
  };
}

/** Every query of a kind once, 20 at a time: answers checked, results counted, caches warm. */
async function firstPass(baseUrl, queries, tokens, connections) {
  const results = [];
  let next = 0;
  let request = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < queries.length) {
        const q = queries[next++];
        const token = tokens[request++ % tokens.length];
        const response = await fetch(searchUrl(baseUrl, q), {
          headers: { cookie: `sid=${token}`, 'x-forwarded-for': forwardedFor(request) },
        });
        // A 401/403 is the bench's mistake; a 500 (the statement timeout) is a figure.
        if (response.status === 401 || response.status === 403) {
          throw new Error(`q=${q}: ${response.status} ${await response.text()}`);
        }
        if (!response.ok) {
          await response.arrayBuffer();
          results.push({ q, found: null, more: false, status: response.status });
          continue;
        }
        const body = await response.json();
        results.push({ q, found: body.tickets.length, more: body.next_cursor !== null });
      }
    }),
  );
  return results;
}

/** A client address per request (TRUST_PROXY trusts the loopback): 60 searches a minute per address. */
const forwardedFor = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * `connections` loops, each sending its next search when the last one
 * answered, for `seconds`: queries in turn, staff accounts in turn, a new
 * client address each time. Each response time is kept (and the slowest query).
 */
async function measure({ baseUrl, queries, tokens, seconds, connections, offset = 0 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const statuses = {};
  const slowest = new Map();
  const byQuery = new Map();
  let request = offset;
  const until = performance.now() + seconds * 1000;
  const once = () =>
    new Promise((resolve, reject) => {
      const i = request++;
      const q = queries[i % queries.length];
      const started = performance.now();
      const req = http.get(
        searchUrl(baseUrl, q),
        {
          agent,
          headers: {
            cookie: `sid=${tokens[i % tokens.length]}`,
            'x-forwarded-for': forwardedFor(i),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const ms = performance.now() - started;
            latencies.push(ms);
            if (ms > (slowest.get(q) ?? 0)) slowest.set(q, ms);
            if (!byQuery.has(q)) byQuery.set(q, []);
            byQuery.get(q).push(ms);
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', reject);
    });
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  agent.destroy();
  const stats = summarize(latencies);
  return {
    result: {
      connections,
      durationSeconds: round(elapsed, 1),
      requests: stats.count,
      rps: round(stats.count / elapsed, 1),
      p50: round(stats.p50, 1),
      p95: round(stats.p95, 1),
      p99: round(stats.p99, 1),
      max: round(stats.max, 1),
      statuses,
      unexpected: stats.count - (statuses[200] ?? 0),
    },
    slowest: [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 5),
    byQuery,
    next: request,
  };
}

/** Requests whose rarest word is in at least COMMON_SHARE of the messages count as common-word queries. */
const COMMON_SHARE = 0.01;

function split(byQuery, share) {
  const groups = { rare: [], common: [] };
  const queries = { rare: 0, common: 0 };
  for (const [q, latencies] of byQuery) {
    const group = share(q) >= COMMON_SHARE ? 'common' : 'rare';
    queries[group]++;
    groups[group].push(...latencies);
  }
  const figures = (latencies) => {
    const stats = summarize(latencies);
    return { requests: stats.count, p50: round(stats.p50, 1), p95: round(stats.p95, 1) };
  };
  return {
    rare: { queries: queries.rare, ...figures(groups.rare) },
    common: { queries: queries.common, ...figures(groups.common) },
  };
}

async function runKinds({ baseUrl, kinds, tokens, connections, duration, share }) {
  const runs = {};
  let offset = 0;
  for (const kind of kinds) {
    log(`  ${kind.name}: ${kind.queries.length} queries, ${connections} connection(s)`);
    const first = await firstPass(
      baseUrl,
      kind.queries,
      tokens.slice(offset % tokens.length),
      connections,
    );
    offset += kind.queries.length;
    // A short unmeasured run first (JIT, buffers), then the measured one.
    const warm = await measure({
      baseUrl,
      queries: kind.queries,
      tokens,
      seconds: Math.min(3, duration),
      connections,
      offset,
    });
    const measured = await measure({
      baseUrl,
      queries: kind.queries,
      tokens,
      seconds: duration,
      connections,
      offset: warm.next,
    });
    offset = measured.next;
    const found = first
      .filter((r) => r.found !== null)
      .map((r) => r.found)
      .sort((a, b) => a - b);
    const r = measured.result;
    runs[kind.name] = {
      limitMs: kind.limitMs,
      words: kind.words,
      typo: Boolean(kind.typo),
      examples: kind.queries.slice(0, 5),
      queries: kind.queries.length,
      // First page (SEARCH_PAGE tickets): how many queries found nothing, and the median number found.
      foundNothing: found.filter((n) => n === 0).length,
      foundMedian: found[Math.floor(found.length / 2)],
      fullFirstPage: first.filter((x) => x.more).length,
      firstPassFailed: first.filter((x) => x.found === null).length,
      ...r,
      loadAverage: os.loadavg().map((l) => round(l, 1)),
      // By the share of messages the query's rarest word is in: under 1 % or not.
      byWordShare: split(measured.byQuery, share),
      slowest: measured.slowest.map(([q, ms]) => ({
        q,
        ms: round(ms, 1),
        share: round(share(q), 4),
      })),
    };
    log(
      `    p50 ${r.p50} ms, p95 ${r.p95} ms (limit ${kind.limitMs}), ${r.rps}/s, ` +
        `${r.unexpected} unexpected; load average ${os.loadavg()[0].toFixed(1)}`,
    );
  }
  return runs;
}

export function queryKinds({ sample, search }) {
  const rand = random(2030);
  return KINDS.map((kind) => ({
    ...kind,
    queries: makeQueries({
      sample,
      search,
      rand,
      count: QUERIES_PER_KIND,
      words: kind.words,
      typo: kind.typo,
    }),
  }));
}

/** Sizes of what search keeps: the index, the column and the table, as read by PostgreSQL. */
async function sizes(db, messages) {
  const [row] = await db.query(`select
      pg_relation_size('tickets_content_search_idx')::float8 as index_bytes,
      (select sum(pg_column_size(content_vector)) from tickets)::float8 as content_bytes,
      pg_total_relation_size('search_words')::float8 as words_bytes,
      (select sum(pg_column_size(search_vector)) from ticket_messages)::float8 as column_bytes,
      (select sum(pg_column_size(body)) from ticket_messages)::float8 as body_bytes,
      pg_table_size('ticket_messages')::float8 as table_bytes,
      pg_indexes_size('ticket_messages')::float8 as all_indexes_bytes,
      pg_relation_size('tickets_search_idx')::float8 as ticket_index_bytes,
      (select sum(pg_column_size(search_vector)) from tickets)::float8 as ticket_column_bytes,
      (select count(*) from tickets)::int as tickets`);
  const mb = (bytes) => round(bytes / 1024 ** 2, 1);
  const perMillion = (bytes) => mb((bytes * 1_000_000) / messages);
  return {
    messages,
    indexMB: mb(row.index_bytes),
    contentMB: mb(row.content_bytes),
    wordsMB: mb(row.words_bytes),
    columnMB: mb(row.column_bytes),
    bodyMB: mb(row.body_bytes),
    tableMB: mb(row.table_bytes),
    allIndexesMB: mb(row.all_indexes_bytes),
    ticketIndexMB: mb(row.ticket_index_bytes),
    ticketColumnMB: mb(row.ticket_column_bytes),
    perMillionMessages: {
      indexMB: perMillion(row.index_bytes),
      contentMB: perMillion(row.content_bytes),
      wordsMB: perMillion(row.words_bytes),
      columnMB: perMillion(row.column_bytes),
      bodyMB: perMillion(row.body_bytes),
    },
  };
}

/**
 * The plans of the slowest queries, from PostgreSQL's auto_explain (the exact
 * statements the server runs, EXPLAIN ANALYZE BUFFERS), for the notes: each
 * given query sent once, one at a time, on a server restarted so its pool's
 * connections load auto_explain.
 */
async function explainSlowest({ postgres, db, serverOptions, queries, token, file }) {
  // ALTER SYSTEM may not run in the implicit transaction of a multi-statement query.
  for (const statement of [
    // Its settings exist once the module is loaded in the session that sets them.
    "load 'auto_explain'",
    "alter system set session_preload_libraries = 'auto_explain'",
    'alter system set auto_explain.log_min_duration = 0',
    'alter system set auto_explain.log_analyze = on',
    'alter system set auto_explain.log_buffers = on',
    'select pg_reload_conf()',
  ]) {
    await db.query(statement);
  }
  const server = await startServer(serverOptions);
  const logStart = fs.statSync(postgres.logFile).size;
  try {
    for (const q of queries) {
      const started = performance.now();
      await fetch(searchUrl(server.baseUrl, q), {
        headers: { cookie: `sid=${token}`, 'x-forwarded-for': '10.255.0.1' },
      });
      log(`  explained q=${q} (${round(performance.now() - started, 0)} ms)`);
    }
  } finally {
    await server.stop();
    await db.query('alter system reset all');
    await db.query('select pg_reload_conf()');
  }
  const text = fs.readFileSync(postgres.logFile, 'utf8').slice(logStart);
  // The ranking statement (`with … found as …`) is the one that matters; the rest are short reads.
  const plans = text
    .split(/\n(?=\S+ \S+ UTC \[\d+\] LOG:)/)
    .filter((entry) => entry.includes('duration:') && entry.includes('found as'));
  fs.writeFileSync(file, `${plans.join('\n\n')}\n`);
  return file;
}

/** The PostgreSQL half: a private cluster, 1,000,000 messages, 20 connections. */
export async function searchPostgres({ work, scale, duration }) {
  const { startPostgres } = await import('./lib/postgres.mjs');
  const postgres = await startPostgres();
  try {
    const serverOptions = {
      dataDir: path.join(work, 'search-pg-data'),
      webDir: path.join(work, 'no-web'),
      databaseUrl: postgres.url,
      logFile: path.join(work, 'search-pg-server.log'),
      entry: 'apps/server/dist/main.js',
      env: { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
    };
    await (await startServer(serverOptions)).stop();
    const size = { tickets: Math.round(100_000 * scale), messages: Math.round(1_000_000 * scale) };
    log(
      `search: generating and seeding ${size.messages} messages in ${size.tickets} tickets (PostgreSQL)`,
    );
    const seedStart = Date.now();
    const db = await openPostgresDb(postgres.url);
    try {
      const seeded = await seedPolish(db, { ...size, engine: 'postgres' });
      const seedSeconds = round((Date.now() - seedStart) / 1000, 0);
      log(`  seeded in ${seedSeconds} s`);
      const kinds = queryKinds(seeded);
      const server = await startServer(serverOptions);
      let runs;
      try {
        runs = await runKinds({
          baseUrl: server.baseUrl,
          kinds,
          tokens: seeded.staffTokens,
          connections: 20,
          duration,
          share: seeded.share,
        });
      } finally {
        await server.stop();
      }
      const storage = await sizes(db, seeded.counts.messages);
      const slowestKind = Object.entries(runs).sort((a, b) => b[1].p95 - a[1].p95)[0];
      const explainFile = path.join(os.tmpdir(), 'studio-bench-search-explain.txt');
      log(`  EXPLAIN ANALYZE of the slowest kind (${slowestKind[0]}) → ${explainFile}`);
      await explainSlowest({
        postgres,
        db,
        serverOptions,
        queries: slowestKind[1].slowest.slice(0, 3).map((s) => s.q),
        token: seeded.staffTokens[0],
        file: explainFile,
      });
      return {
        engine: `postgres ${postgres.version}`,
        data: { ...seeded.counts, averageMessageChars: seeded.averageChars },
        seedSeconds,
        runs,
        storage,
        explainFile,
      };
    } finally {
      await db.close();
    }
  } finally {
    postgres.stop();
  }
}

/** The embedded half: PGlite, 100,000 messages, one connection. */
export async function searchPglite({ work, scale, duration }) {
  const serverOptions = {
    dataDir: path.join(work, 'search-pglite-data'),
    webDir: path.join(work, 'no-web'),
    logFile: path.join(work, 'search-pglite-server.log'),
    entry: 'apps/server/dist/main.js',
    env: { LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
  };
  await (await startServer(serverOptions)).stop();
  const size = { tickets: Math.round(10_000 * scale), messages: Math.round(100_000 * scale) };
  log(
    `search: generating and seeding ${size.messages} messages in ${size.tickets} tickets (PGlite)`,
  );
  const seedStart = Date.now();
  const db = await openPgliteDb(serverOptions.dataDir);
  let seeded;
  let storage;
  try {
    seeded = await seedPolish(db, { ...size, engine: 'pglite' });
    storage = await sizes(db, seeded.counts.messages);
  } finally {
    await db.close();
  }
  const seedSeconds = round((Date.now() - seedStart) / 1000, 0);
  log(`  seeded in ${seedSeconds} s`);
  const kinds = queryKinds(seeded);
  const server = await startServer(serverOptions);
  try {
    const runs = await runKinds({
      baseUrl: server.baseUrl,
      kinds,
      tokens: seeded.staffTokens,
      connections: 1,
      duration,
      share: seeded.share,
    });
    return {
      engine: 'pglite',
      data: { ...seeded.counts, averageMessageChars: seeded.averageChars },
      seedSeconds,
      runs,
      storage,
    };
  } finally {
    await server.stop();
  }
}

// Writes the latest figures into bench/README.md between the results markers,
// each next to its target (issue 7), and lists every target still missed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { benchDir, root } from './util.mjs';

const START = '<!-- results:start -->';
const END = '<!-- results:end -->';
const ok = (pass) => (pass ? '✅' : '❌');
const fmt = (v, unit = '') =>
  v === undefined || v === null || Number.isNaN(v) ? '–' : `${v}${unit}`;

const round1 = (v) => Math.round(v * 10) / 10;

function header(result) {
  if (!result) return '';
  const m = result.machine;
  return `_${result.date.slice(0, 16).replace('T', ' ')} UTC, ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node.slice(1)}, load average at start ${m.loadAverage.join(' / ')}_`;
}

export function buildResults(results) {
  const lines = [];
  const missed = [];
  const { pages, memory, fanout, 'cold-start': cold } = results;

  lines.push('### Page speed (Lighthouse 12, mobile, median of runs)', '');
  if (pages) {
    lines.push(header(pages), '');
    const limit = pages.limit;
    const ratioTarget = pages.lcpLimitRatio ?? 1.6;
    if (limit) {
      lines.push(
        `Limit page (an \`<h1>\` and a paragraph, inline CSS, no script, bare \`node:http\`), same run and settings: performance ${limit.performance}, FCP ${limit.fcpMs} ms, LCP ${limit.lcpMs} ms. Targets: performance ≥ 98 and LCP ≤ ${ratioTarget} × the limit's (${Math.round(limit.lcpMs * ratioTarget)} ms).`,
        '',
      );
    }
    if (pages.browser) {
      const chrome =
        pages.browser.userAgent?.match(/(HeadlessChrome|Chrome)\/[\d.]+/)?.[0] ?? 'unknown';
      lines.push(
        `Measured with Lighthouse ${pages.browser.lighthouse} in ${chrome}; Lighthouse's CPU benchmark of this host: ${pages.browser.benchmarkIndex} (median over the limit page's runs; higher is faster).`,
        '',
      );
    }
    lines.push(
      `| route | performance ≥ 98 | accessibility 100 | best practices 100 | SEO 100 | FCP | LCP | LCP ÷ limit ≤ ${ratioTarget} | TBT | CLS ≤ 0.02 | JS loaded (gzip) | JS added to \`/\` ≤ 100 KB |`,
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const [route, r] of Object.entries(pages.routes)) {
      if (r.error) {
        missed.push(`Page \`${route}\`: not measured (${r.error})`);
        lines.push(`| \`${route}\` | not measured: ${r.error.replaceAll('|', '/')} |||||||||||`);
        continue;
      }
      const checks = {
        performance: r.performance >= 98,
        accessibility: r.accessibility === 100,
        'best practices': r.bestPractices === 100,
        // A page kept out of search results on purpose fails "is crawlable" by design.
        SEO: r.noIndex || r.seo === 100,
        LCP: r.lcpRatio === undefined || r.lcpRatio <= ratioTarget,
        CLS: r.cls <= 0.02,
        js: route === '/' ? r.jsGzipKB <= 150 : r.addedJsGzipKB <= 100,
      };
      for (const [name, pass] of Object.entries(checks)) {
        if (pass) continue;
        const figure = {
          performance: `performance ${r.performance} (runs ${r.performanceRuns.join(', ')})`,
          accessibility: `accessibility ${r.accessibility}`,
          'best practices': `best practices ${r.bestPractices}`,
          SEO: `SEO ${r.seo}`,
          LCP: `LCP ${r.lcpMs} ms = ${r.lcpRatio} × the limit page's`,
          CLS: `CLS ${r.cls}`,
          js: route === '/' ? `${r.jsGzipKB} KB gzip` : `adds ${r.addedJsGzipKB} KB gzip`,
        }[name];
        missed.push(`Page \`${route}\`: ${figure}`);
      }
      const seo = r.noIndex ? `${r.seo} (noindex by design)` : `${r.seo} ${ok(checks.SEO)}`;
      lines.push(
        `| \`${route}\` | ${r.performance} ${ok(checks.performance)} | ${r.accessibility} ${ok(checks.accessibility)} | ${r.bestPractices} ${ok(checks['best practices'])} | ${seo} | ${fmt(r.fcpMs, ' ms')} | ${fmt(r.lcpMs, ' ms')} | ${r.lcpRatio === undefined ? '–' : `${r.lcpRatio} ${ok(checks.LCP)}`} | ${fmt(r.tbtMs, ' ms')} | ${r.cls} ${ok(checks.CLS)} | ${r.jsGzipKB} KB${route === '/' ? ` (≤ 150) ${ok(checks.js)}` : ''} | ${route === '/' ? '–' : `${r.addedJsGzipKB} KB ${ok(checks.js)}`} |`,
      );
    }
    const fonts = pages.routes['/podpisy']?.fonts ?? [];
    if (fonts.length) {
      const kb = Math.round(fonts.reduce((s, f) => s + f.bytes, 0) / 102.4) / 10;
      lines.push(
        '',
        `\`/podpisy\` also loads ${fonts.length} signature font files (${kb} KB, woff2).`,
      );
    }
    lines.push(
      '',
      `Performance runs per route: ${pages.runsPerRoute}. JS sizes are the built files gzip-compressed at level 9 (the server sends its own precompressed .br/.gz files since commit 9aaade7).`,
    );
  } else {
    lines.push('_not run yet_');
  }

  const apiTable = (result, label, checkMe) => {
    lines.push('', `### API load on ${label}`, '');
    if (!result) {
      lines.push('_not run yet_');
      return;
    }
    const d = result.data;
    lines.push(
      header(result),
      '',
      `Data: ${d.users.toLocaleString('en')} users, ${d.tickets.toLocaleString('en')} tickets, ${d.messages.toLocaleString('en')} messages (seeded in ${result.seedSeconds} s). ${result.runs.me.connections} connections, ${result.runs.me.durationSeconds} s per run after a warm-up; ratios are to the bare Fastify baseline measured in the same run.`,
      '',
      '| call | req/s | p50 | p95 | p99 | × baseline req/s | × baseline p50 / p95 / p99 | target |',
      '|---|---|---|---|---|---|---|---|',
    );
    const b = result.baseline;
    lines.push(
      `| bare Fastify hello (baseline) | ${b.rps} | ${b.p50} ms | ${b.p95} ms | ${b.p99} ms | 1 | 1 | – |`,
    );
    const names = {
      me: '`GET /api/auth/me`',
      tickets: '`GET /api/tickets` (admin, first page)',
      thread: '`GET /api/tickets/1/messages?limit=100` (newest 100 of 200 messages)',
      post: '`POST /api/tickets/:id/messages`',
    };
    for (const [key, r] of Object.entries(result.runs)) {
      let target = '–';
      if (key === 'tickets' || key === 'thread') {
        const pass = r.p95 <= 50;
        target = `p95 ≤ 50 ms ${ok(pass)}`;
        if (!pass) missed.push(`${label}: ${names[key]} p95 ${r.p95} ms`);
      }
      if (key === 'me' && checkMe) {
        const pass = r.vsBaseline.rps >= 0.4;
        target = `≥ 0.40 × baseline req/s ${ok(pass)}`;
        if (!pass) missed.push(`${label}: \`me\` at ${r.vsBaseline.rps} × baseline req/s`);
      }
      const bad = r.unexpected ? ` (${r.unexpected} unexpected statuses)` : '';
      lines.push(
        `| ${names[key]}${bad} | ${r.rps} | ${r.p50} ms | ${r.p95} ms | ${r.p99} ms | ${r.vsBaseline.rps} | ${r.vsBaseline.p50} / ${r.vsBaseline.p95} / ${r.vsBaseline.p99} | ${target} |`,
      );
    }
    writesAndUploads(result, label);
  };

  // Issue 20: the message post against the database's own pace, and uploads.
  const writesAndUploads = (result, label) => {
    const post = result.runs.post;
    const limit = post?.dbLimit;
    const up = result.uploads;
    if (!limit && !up) return;
    lines.push(
      '',
      '| write | per second | p50 | p95 | p99 | target |',
      '|---|---|---|---|---|---|',
    );
    if (limit) {
      const pass = post.vsDbLimit >= 0.4;
      if (!pass) missed.push(`${label}: message posts at ${post.vsDbLimit} × the database limit`);
      lines.push(
        `| database limit: ${limit.loops} loops, one transaction per message (same rows, straight through the driver) | ${limit.txPerSecond} | ${limit.p50} ms | ${limit.p95} ms | ${limit.p99} ms | – |`,
        `| \`POST /api/tickets/:id/messages\` (text) | ${post.rps} | ${post.p50} ms | ${post.p95} ms | ${post.p99} ms | ≥ 0.40 × limit: ${post.vsDbLimit} ${ok(pass)} |`,
      );
    }
    if (up) {
      const mb = Math.round((up.photoBytes / 1024 ** 2) * 100) / 100;
      const u = up.upload;
      const me = up.meDuringUpload;
      const upOk = u.p95 <= 300 && !u.unexpected;
      const meOk = me.p95 <= 5;
      if (!upOk)
        missed.push(
          `${label}: ${mb} MB photo messages p95 ${u.p95} ms (${u.unexpected} unexpected statuses)`,
        );
      if (!meOk) missed.push(`${label}: \`me\` p95 ${me.p95} ms during the uploads`);
      const bad = u.unexpected
        ? ` (${u.unexpected} unexpected statuses: ${JSON.stringify(u.statuses)})`
        : '';
      lines.push(
        `| message with a ${mb} MB JPEG photo, ${u.connections} connections${bad} | ${u.rps} | ${u.p50} ms | ${u.p95} ms | ${u.p99} ms | p95 ≤ 300 ms ${ok(upOk)} |`,
        `| \`GET /api/auth/me\` meanwhile, 1 connection at 100 calls a second | ${me.rps} | ${me.p50} ms | ${me.p95} ms | ${me.p99} ms | p95 ≤ 5 ms ${ok(meOk)} |`,
      );
    }
  };
  apiTable(results['api-pglite'], 'PGlite (embedded)', true);
  apiTable(results['api-postgres'], 'PostgreSQL', false);

  lines.push('', '### Live-stream fan-out', '');
  if (fanout) {
    const p99ok = fanout.latencyMs.p99 <= 250;
    const memOk = fanout.memoryPerStreamKB <= 15;
    if (!p99ok) missed.push(`Fan-out: p99 ${fanout.latencyMs.p99} ms to ${fanout.streams} streams`);
    if (!memOk) missed.push(`Fan-out: ${fanout.memoryPerStreamKB} KB per stream`);
    if (fanout.missed.length)
      missed.push(`Fan-out: deliveries missing (${JSON.stringify(fanout.missed)})`);
    lines.push(
      header(fanout),
      '',
      `${fanout.streams} list streams on one server process (PGlite)${fanout.clientProcesses ? `, held by ${fanout.clientProcesses} client processes from ${fanout.sourceAddresses} loopback addresses` : ''}, ${fanout.posts} admin messages posted one after another; latency is from sending the POST to the event arriving on each stream (${fanout.deliveries} of ${fanout.expectedDeliveries} deliveries).`,
      '',
      '| figure | value | target |',
      '|---|---|---|',
      `| delivery p50 | ${fanout.latencyMs.p50} ms | – |`,
      `| delivery p95 | ${fanout.latencyMs.p95} ms | – |`,
      `| delivery p99 | ${fanout.latencyMs.p99} ms | ≤ 250 ms ${ok(p99ok)} |`,
      `| memory per open stream | ${fanout.memoryPerStreamKB} KB (${fanout.streamsAtFirstReading} → ${fanout.streams} streams: ${fanout.rssHalfMB} → ${fanout.rssAfterMB} MB resident) | ≤ 15 KB ${ok(memOk)} |`,
      `| time to open all streams | ${fanout.openSeconds} s | – |`,
    );
  } else {
    lines.push('_not run yet_');
  }

  lines.push('', '### Server memory at rest (PGlite)', '');
  if (memory) {
    const worst = Math.max(memory.restAfterStartMB, memory.restAfterLoadMB);
    const pass = worst <= 250;
    if (!pass) missed.push(`Memory at rest: ${worst} MB resident`);
    lines.push(
      header(memory),
      '',
      '| figure | value | target |',
      '|---|---|---|',
      `| resident at rest after start on the seeded database | ${memory.restAfterStartMB} MB | ≤ 250 MB ${ok(memory.restAfterStartMB <= 250)} |`,
      ...(memory.justAfterLoadMB === undefined
        ? []
        : [
            `| resident, 10 s after the load (${memory.afterParts.join(', ')}), before V8 gives memory back | ${memory.justAfterLoadMB} MB | – |`,
          ]),
      `| resident at rest after the load | ${memory.restAfterLoadMB} MB | ≤ 250 MB ${ok(memory.restAfterLoadMB <= 250)} |`,
    );
    // Under jemalloc there are no glibc arenas: its memory is in the anonymous rest.
    const where = (map) =>
      [
        `PGlite's WebAssembly memory ${map.wasmMB} MB`,
        ...(map.mallocMB > 0
          ? [`glibc's malloc ${map.mallocMB} MB (${map.mallocArenas} arenas)`]
          : []),
        `other anonymous memory (V8's heap, jemalloc's or malloc's large blocks, stacks) ${map.otherAnonMB} MB`,
        `mapped files ${map.filesMB} MB`,
      ].join(', ');
    if (memory.restAfterStartMap && memory.restAfterLoadMap) {
      lines.push(
        '',
        `Where it is (\`/proc/<pid>/smaps\`, \`lib/memory-map.mjs\`): after start ${where(memory.restAfterStartMap)}; after the load ${where(memory.restAfterLoadMap)}.`,
      );
    }
    if (memory.allocator) lines.push('', `Allocator: ${memory.allocator}.`);
  } else {
    lines.push('_not run yet_');
  }

  const soak = results.soak;
  lines.push('', '### Soak: an hour of mixed traffic (PGlite)', '');
  if (soak) {
    const t = soak.traffic;
    if (!soak.pass) {
      missed.push(`Soak: ${soak.endMB} MB at the end, ${soak.ratio} × the first quarter`);
    }
    const done = (name) => soak.counts.ok[name] ?? 0;
    const failed = Object.values(soak.counts.failed).reduce((sum, n) => sum + n, 0);
    lines.push(
      header(soak),
      '',
      `\`npm run bench soak\`: ${soak.minutes} minutes after a ${soak.warmUpSeconds} s warm-up, per second ${t.textPostsPerSecond} text messages, ${t.photoUploadsPerSecond} photo uploads (2 MB), ${t.readsPerSecond} reads (list, thread), ${t.streams} live streams open (half staff lists, half customers' threads) of which ${t.streamChurnPerSecond} closed and reopened; resident memory read every ${soak.sampleSeconds} s. Done: ${done('textPost')} messages, ${done('photoUpload')} uploads, ${done('read')} reads, ${done('streamOpened')} streams opened, ${done('streamClosed')} closed, ${soak.counts.events} events received; ${failed} failed.`,
      '',
      '| figure | value | target |',
      '|---|---|---|',
      `| resident, mean of the first quarter (${soak.minutes / 4} min) | ${soak.firstQuarterMeanMB} MB | – |`,
      `| resident at the end (mean of the last ${soak.endSamples} readings) | ${soak.endMB} MB (× ${soak.ratio}) | ≤ 1.1 × the first quarter ${ok(soak.pass)} |`,
      `| highest reading | ${soak.maxMB} MB | – |`,
      `| at rest after the soak | ${soak.restAfterMB} MB | – |`,
    );
    if (soak.allocator) lines.push('', `Allocator: ${soak.allocator}.`);
  } else {
    lines.push('_not run yet_');
  }

  lines.push('', '### Cold start (`npm start`, built checkout, PGlite)', '');
  if (cold) {
    const limit = 1500;
    const rows = [
      ['fresh `DATA_DIR` (creates and migrates the database)', cold.freshDataDir],
      ['existing `DATA_DIR`', cold.existingDataDir],
    ];
    for (const [name, r] of rows) {
      if (r.medianMs > limit) missed.push(`Cold start, ${name}: ${r.medianMs} ms`);
    }
    lines.push(
      header(cold),
      '',
      `From spawning \`node scripts/start.mjs\` to the first 200 from \`/api/health\`, median of ${cold.runs} starts (interleaved); CPU is the server's user + system time until then. The limit of the same run is a bare \`node:http\` server spawned and polled the same way.`,
      '',
      '| start | median | runs | CPU (median) | × bare node | target |',
      '|---|---|---|---|---|---|',
      `| bare \`node:http\` server (limit) | ${cold.bareNode.medianMs} ms | ${cold.bareNode.runsMs.join(', ')} | ${cold.bareNode.medianCpuMs} ms | 1 | – |`,
      ...rows.map(
        ([name, r]) =>
          `| ${name} | ${r.medianMs} ms | ${r.runsMs.join(', ')} | ${r.medianCpuMs} ms | ${round1(r.medianMs / cold.bareNode.medianMs)} | ≤ ${limit} ms ${ok(r.medianMs <= limit)} |`,
      ),
    );
  } else {
    lines.push('_not run yet_');
  }

  lines.push('', '### Mail: arrival → open browser (issue 29)', '');
  const mail = results['mail-latency'];
  if (mail) {
    const { limits } = mail;
    const medianOk = mail.medianMs < limits.medianMs;
    const p95Ok = mail.p95Ms < limits.p95Ms;
    if (!medianOk) missed.push(`Mail → open browser: median ${mail.medianMs} ms`);
    if (!p95Ok) missed.push(`Mail → open browser: p95 ${mail.p95Ms} ms`);
    const stageNames = {
      appended: 'Dovecot answered the APPEND',
      stored: 'message stored by the server (its `created_at`)',
      liveEvent: '`message` event on the thread’s live stream, in the page',
      refetchStart: 'the page’s thread refetch started',
      refetchEnd: 'the refetch answered',
      shown: 'the text in the open thread (DOM)',
    };
    lines.push(
      header(mail),
      '',
      `\`npm run bench mail-latency\`: ${mail.runs} customer replies by e-mail, one after another, each APPENDed to the INBOX of a private Dovecot that the built server watches (IMAP_URL), timed from just before the APPEND until the text is in the thread a staff member has open in Chromium. The first reply (${mail.firstReplyMs} ms; it starts the mail parser's worker) is not counted.`,
      '',
      '| figure | value | target |',
      '|---|---|---|',
      `| median | ${mail.medianMs} ms | < ${limits.medianMs} ms ${ok(medianOk)} |`,
      `| p95 | ${mail.p95Ms} ms | < ${limits.p95Ms} ms ${ok(p95Ok)} |`,
      `| min | ${mail.minMs} ms | – |`,
      `| max | ${mail.maxMs} ms | – |`,
      '',
      '| stage, from just before the APPEND | median | p95 | min | max |',
      '|---|---|---|---|---|',
      ...Object.entries(stageNames).map(([key, name]) => {
        const s = mail.stages[key];
        return s
          ? `| ${name} | ${s.medianMs} ms | ${s.p95Ms} ms | ${s.minMs} ms | ${s.maxMs} ms |`
          : `| ${name} | not seen | | | |`;
      }),
    );
  } else {
    lines.push('_not run yet_');
  }

  lines.push('', '### Search (issue 30)', '');
  const search = results.search;
  if (search) {
    lines.push(header(search), '');
    const engines = [
      ['PostgreSQL', search.postgres],
      ['PGlite', search.pglite],
    ].filter(([, r]) => r);
    for (const [label, r] of engines) {
      const d = r.data;
      lines.push(
        `${label} (${r.engine}): ${d.messages.toLocaleString('en')} messages (${d.averageMessageChars} characters on average) in ${d.tickets.toLocaleString('en')} tickets, seeded in ${r.seedSeconds} s.`,
        '',
      );
    }
    if (search.scale !== 1)
      lines.push(`**A trial at BENCH_SCALE=${search.scale}, not the targets' data size.**`, '');
    lines.push(
      '| engine | query | queries | connections | req/s | p50 | p95 | p99 | target | rarest word in < 1 % of messages: queries, p50 / p95 | in ≥ 1 %: queries, p50 / p95 |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const [label, r] of engines) {
      for (const [kind, k] of Object.entries(r.runs)) {
        const pass = k.p95 <= k.limitMs && !k.unexpected;
        if (!pass) {
          missed.push(
            `Search on ${label}, ${kind}: p95 ${k.p95} ms (limit ${k.limitMs} ms)${k.unexpected ? `, ${k.unexpected} failed` : ''}`,
          );
        }
        const w = k.byWordShare;
        const group = (g) => (g.queries ? `${g.queries}, ${g.p50} / ${g.p95} ms` : '–');
        const bad = k.unexpected ? ` (${k.unexpected} not 200: ${JSON.stringify(k.statuses)})` : '';
        lines.push(
          `| ${label} | ${kind}${bad} | ${k.queries} | ${k.connections} | ${k.rps} | ${k.p50} ms | ${k.p95} ms | ${k.p99} ms | p95 ≤ ${k.limitMs} ms ${ok(pass)} | ${group(w.rare)} | ${group(w.common)} |`,
        );
      }
    }
    lines.push(
      '',
      '| search storage | PostgreSQL | per million messages | PGlite | per million messages |',
      '|---|---|---|---|---|',
    );
    const cell = (r, key, perMillion) =>
      r?.storage
        ? `${r.storage[key]} MB | ${perMillion ? `${r.storage.perMillionMessages[perMillion]} MB` : '–'}`
        : '– | –';
    const rows = [
      ['`tickets_content_search_idx` (GIN, staff search)', 'indexMB', 'indexMB'],
      ['`tickets.content_vector` (sum of `pg_column_size`)', 'contentMB', 'contentMB'],
      ['`search_words` (table and index)', 'wordsMB', 'wordsMB'],
      ['`ticket_messages.search_vector` (sum of `pg_column_size`)', 'columnMB', 'columnMB'],
      ['message bodies, for comparison (sum of `pg_column_size`)', 'bodyMB', 'bodyMB'],
      ['`tickets_search_idx` (GIN, subjects)', 'ticketIndexMB', null],
    ];
    for (const [name, key, perMillion] of rows) {
      lines.push(
        `| ${name} | ${cell(search.postgres, key, perMillion)} | ${cell(search.pglite, key, perMillion)} |`,
      );
    }
  } else {
    lines.push('_not run yet_');
  }

  lines.push('', '### Targets missed in these figures', '');
  if (missed.length) for (const m of missed) lines.push(`- ${m}`);
  else lines.push('None.');
  return { markdown: lines.join('\n'), missed };
}

export function writeReadme(results) {
  const file = path.join(benchDir, 'README.md');
  const text = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : `# Benchmarks\n\n${START}\n${END}\n`;
  const { markdown } = buildResults(results);
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next =
    start === -1 || end === -1
      ? `${text.trimEnd()}\n\n${START}\n${markdown}\n${END}\n`
      : `${text.slice(0, start + START.length)}\n${markdown}\n${text.slice(end)}`;
  fs.writeFileSync(file, next);
  // The repository's formatter aligns the tables, so `npm run lint` stays clean.
  spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', file], {
    cwd: root,
    stdio: 'ignore',
  });
  return file;
}

// Mail: arrival → open browser (issue 29, "Measured"). A private Dovecot
// plays the support mailbox, the built server watches it (IMAP_URL), a staff
// member has a customer's ticket open in Debian's Chromium, and the customer
// answers the ticket e-mail 50 times: each reply is APPENDed to INBOX (as the
// customer's mail arriving) and timed from just before the APPEND until its
// text is in the open thread. Targets: median < 2 s, p95 < 5 s.
// The set-up, the reply mail and the timing are e2e/mail-reply.ts, shared with
// e2e/tests/email-reply.spec.ts (loaded here through tsx, as e2e/run.mjs loads
// the Dovecot helper).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BROWSER_FLAGS } from './lib/browser.mjs';
import { log, round, startServer } from './lib/util.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DOVECOT = '/usr/sbin/dovecot';
export const MAIL_LIMITS = { medianMs: 2000, p95Ms: 5000 };
// Every reply is a message of the customer's, and a customer may post 60 a
// minute (MESSAGES_PER_MINUTE): the ticket, the first reply and 50 timed ones fit.
const MAX_RUNS = 55;

const STAFF = {
  email: 'admin@bench.test',
  password: 'Admin-Kontakt-2026',
  username: 'benchadmin',
};

/** The dev outbox of the server's DATA_DIR, read as e2e/fixtures.ts reads it. */
function devOutbox(dataDir) {
  const dir = path.join(dataDir, 'outbox');
  const read = () =>
    (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')))
      .sort((a, b) => b.id.localeCompare(a.id));
  const consumed = new Set();
  const mailsTo = async (email) => read().filter((m) => m.to.toLowerCase() === email.toLowerCase());
  return {
    mailsTo,
    async readCode(email) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        for (const mail of await mailsTo(email)) {
          const code = mail.text.match(/^\s*(\d{6})\s*$/m)?.[1];
          if (code && !consumed.has(mail.id)) {
            consumed.add(mail.id);
            return code;
          }
        }
        if (Date.now() > deadline) throw new Error(`no code e-mail for ${email} in ${dir}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}

/** Nearest-rank percentile of ascending values. */
const rank = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const median = (sorted) =>
  sorted.length % 2
    ? sorted[(sorted.length - 1) / 2]
    : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;

function stats(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  return {
    medianMs: round(median(sorted), 0),
    p95Ms: round(rank(sorted, 95), 0),
    minMs: round(sorted[0], 0),
    maxMs: round(sorted[sorted.length - 1], 0),
  };
}

/**
 * Everything the part starts, stopped in reverse order, once, whether it ended
 * well, failed, or was interrupted (run.mjs calls `stop` on SIGINT/SIGTERM).
 */
function stack() {
  const stoppers = [];
  let stopping = null;
  return {
    add(name, stop) {
      stoppers.push({ name, stop });
    },
    stop() {
      stopping ??= (async () => {
        for (const { name, stop } of stoppers.reverse()) {
          try {
            await stop();
          } catch (error) {
            console.error(`[bench] mail-latency: stopping ${name} failed: ${error?.message}`);
          }
        }
      })();
      return stopping;
    },
  };
}

export async function mailLatency({ webDir, work, runs = 50, onInterrupt = () => {} }) {
  if (!fs.existsSync(DOVECOT)) {
    throw new Error(
      `The mail bench needs Dovecot at ${DOVECOT}, which is missing. Install it with:\n` +
        '  sudo apt-get install -y dovecot-imapd',
    );
  }
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `The mail bench needs Debian's chromium at ${CHROMIUM}, which is missing. Install it with:\n` +
        '  sudo apt-get install -y chromium   (or set CHROMIUM_PATH)',
    );
  }
  if (runs > MAX_RUNS) throw new Error(`at most ${MAX_RUNS} replies a minute per customer`);
  const loadAverage = os.loadavg().map((l) => round(l, 2));
  const started = stack();
  onInterrupt(() => started.stop());
  const dir = fs.mkdtempSync(path.join(work, 'mail-'));
  started.add('temporary folder', () => fs.rmSync(dir, { recursive: true, force: true }));
  let lastWords = async () => {};
  try {
    const { tsImport } = await import('tsx/esm/api');
    const { startDovecot } = await tsImport('../apps/server/test/dovecot.ts', import.meta.url);
    const shared = await tsImport('../e2e/mail-reply.ts', import.meta.url);

    const dovecot = await startDovecot();
    // close(): stops the master (its pid in base_dir/master.pid) and its children, removes its folder.
    started.add('Dovecot', () => dovecot.close());

    const dataDir = path.join(dir, 'data');
    const logFile = path.join(dir, 'server.log');
    const server = await startServer({
      dataDir,
      webDir,
      logFile,
      env: {
        IMAP_URL: dovecot.url,
        MAIL_REPLY_TO: 'kontakt@studio.test',
        // The ticket e-mail a customer answers, one second after the staff answer, not two minutes.
        NOTIFY_DELAY_SECONDS: '1',
        ADMIN_EMAILS: STAFF.email,
      },
    });
    started.add('server', () => server.stop());

    const { chromium, request } = await import('playwright-core');
    const context = await chromium.launchPersistentContext(path.join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: BROWSER_FLAGS,
      // The part stops the browser itself, on a signal too (run.mjs).
      handleSIGINT: false,
      handleSIGTERM: false,
      baseURL: server.baseUrl,
      locale: 'pl-PL',
      viewport: { width: 1280, height: 800 },
    });
    started.add('browser', () => context.close());
    const customerRequest = await request.newContext({ baseURL: server.baseUrl });
    started.add('customer requests', () => customerRequest.dispose());

    const outbox = devOutbox(dataDir);
    const customer = {
      username: 'klientka',
      email: 'klientka@example.test',
      password: 'Zielony-Kot-42',
    };
    const page = context.pages()[0] ?? (await context.newPage());
    lastWords = async () => {
      const shown = await page.getByTestId('message').allTextContents();
      console.error(
        `[bench] mail-latency: the open thread ends with:\n${shown.slice(-3).join('\n')}`,
      );
      console.error(`[bench] mail-latency: Dovecot's log:\n${dovecot.readLog().slice(-1500)}`);
    };
    // The cookie notice accepted, as e2e/fixtures.ts's acceptCookies does.
    await page.addInitScript(() => localStorage.setItem('nd_cookie_notice', 'shown'));
    const { ticketId, notification } = await shared.openCustomerTicket({
      customerRequest,
      customer,
      staffRequest: context.request,
      staff: STAFF,
      page,
      outbox,
      origin: server.baseUrl,
    });
    log(`ticket ${ticketId} open in Chromium; ${runs} replies by e-mail, one after another`);

    const imap = await shared.connectImap(dovecot.url);
    started.add('IMAP client', () => imap.logout());
    const reply = (n) =>
      `Dziękuję za odpowiedź, faktura dotarła. Pomiar ${n} z ${runs}: zażółć gęślą jaźń (${Date.now().toString(36)}).`;
    // The first reply starts the mail parser's worker and warms the paths: timed, not counted.
    const first = await shared.timeReply({
      imap,
      page,
      ticketId,
      from: customer.email,
      notification,
      text: reply(0),
    });
    log(`first reply (not counted): ${first.shownMs} ms`);
    const timings = [];
    for (let n = 1; n <= runs; n += 1) {
      const text = reply(n);
      const timing = await shared.timeReply({
        imap,
        page,
        ticketId,
        from: customer.email,
        notification,
        text,
      });
      timings.push({ text, ...timing });
      if (n % 10 === 0) log(`${n}/${runs}: last ${timing.shownMs} ms`);
    }

    // When the server stored each message (its created_at), from the customer's side.
    const thread = await customerRequest.get(`/api/tickets/${ticketId}/messages?limit=100`);
    if (!thread.ok()) throw new Error(`thread: ${thread.status()} ${await thread.text()}`);
    const { messages } = await thread.json();
    const storedAt = new Map(messages.map((m) => [m.body, Date.parse(m.created_at)]));
    const quoted = messages.filter((m) => m.body.includes('pisze:')).length;
    if (quoted) throw new Error(`${quoted} replies kept their quoted history`);
    for (const t of timings) t.storedMs = (storedAt.get(t.text) ?? Number.NaN) - t.startedAt;

    const shown = stats(timings.map((t) => t.shownMs));
    const result = {
      loadAverageAtStart: loadAverage,
      runs,
      firstReplyMs: first.shownMs,
      ...shown,
      limits: MAIL_LIMITS,
      pass: shown.medianMs < MAIL_LIMITS.medianMs && shown.p95Ms < MAIL_LIMITS.p95Ms,
      // Where the time goes, each stage from just before the APPEND (ms).
      stages: {
        appended: stats(timings.map((t) => t.appendedMs)),
        stored: stats(timings.map((t) => t.storedMs)),
        liveEvent: stats(timings.map((t) => t.eventMs ?? Number.NaN)),
        refetchStart: stats(timings.map((t) => t.refetchStartMs ?? Number.NaN)),
        refetchEnd: stats(timings.map((t) => t.refetchEndMs ?? Number.NaN)),
        shown: shown,
      },
      // Each reply's stages in order (ms from just before its APPEND; null: not seen).
      replies: timings.map((t) => ({
        appended: t.appendedMs,
        stored: Number.isFinite(t.storedMs) ? t.storedMs : null,
        liveEvent: t.eventMs,
        refetchStart: t.refetchStartMs,
        refetchEnd: t.refetchEndMs,
        shown: t.shownMs,
      })),
    };
    log(
      `APPEND → open thread over ${runs} replies: median ${shown.medianMs} ms, p95 ${shown.p95Ms} ms, ` +
        `min ${shown.minMs} ms, max ${shown.maxMs} ms`,
    );
    return result;
  } catch (error) {
    // What the server said about mail, and the end of the thread: why a reply did not show.
    const serverLog = path.join(dir, 'server.log');
    if (fs.existsSync(serverLog)) {
      const lines = fs
        .readFileSync(serverLog, 'utf8')
        .split('\n')
        .filter((line) => /"level":[4-6]0|mail|IMAP|inbound/i.test(line));
      console.error(`[bench] mail-latency server log, mail lines:\n${lines.slice(-30).join('\n')}`);
    }
    await lastWords().catch(() => {});
    throw error;
  } finally {
    await started.stop();
  }
}

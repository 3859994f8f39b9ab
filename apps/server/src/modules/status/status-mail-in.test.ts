import type { StatusAnswer } from '@studio/shared/status';
import { describe, expect, it } from 'vitest';
import { type Dovecot, dovecotAvailable } from '../../../test/dovecot';
import { createTestContext } from '../../../test/helpers';
import { eventually, useDovecot } from '../../../test/inbound-mail-helpers';
import { quickUser } from '../../../test/tickets-helpers';

/**
 * The `mail_in` line of „Stan systemu” against a real Dovecot that the test
 * stops and starts again, and the „Pierwsze kroki” step that follows it.
 */
const available = dovecotAvailable();
const ctx = createTestContext();
let dovecot: Dovecot;
useDovecot(ctx, (started) => {
  dovecot = started;
});

describe.skipIf(!available)('mail_in against a real IMAP server', () => {
  it('turns red when Dovecot stops and green again once it is back and the watcher reconnects', async () => {
    const app = await ctx.app({
      env: { IMAP_URL: dovecot.url, MAIL_REPLY_TO: 'kontakt@studio.test' },
      mailWatcher: { pollMs: 200 },
    });
    await app.ready();
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const mailIn = async () => {
      const answer = (await admin.client.get('/api/admin/status')).json() as StatusAnswer;
      return answer.checks.find((c) => c.id === 'mail_in');
    };
    const firstRunStep = async () =>
      (await admin.client.get('/api/admin/first-run')).json().steps[2] as { done: boolean };

    await eventually(async () => (await mailIn())?.state === 'ok');
    expect((await mailIn())?.detail).toMatch(
      /^Skrzynka kontakt@127\.0\.0\.1:\d+ jest połączona\. Żaden mail nie trafił jeszcze do Kontaktu\. W „Skrzynce” nic nie czeka\.$/,
    );
    expect(await firstRunStep()).toEqual({ id: 'mailbox_connected', done: true });

    await dovecot.stop();
    const red = await mailIn();
    expect(red?.state).toBe('fail');
    expect(red?.detail).toMatch(/^Nie można połączyć się ze skrzynką kontakt@127\.0\.0\.1:\d+: /);
    expect(red?.detail).toMatch(/Sprawdź, czy serwer poczty działa i czy IMAP_URL/);
    expect(await firstRunStep()).toEqual({ id: 'mailbox_connected', done: false });

    await dovecot.start();
    await eventually(async () => (await mailIn())?.state === 'ok', 45_000);
  }, 90_000);
});

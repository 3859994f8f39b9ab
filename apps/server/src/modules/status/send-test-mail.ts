import type { TestMailAnswer } from '@studio/shared/first-run';
import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { escapeHtml } from '../../lib/escape-html';
import { mergeState, STATE_KEYS } from './system-state';

const SUBJECT = 'E-mail próbny z Kontaktu';

/**
 * „Wyślij e-mail próbny” (`POST /api/admin/status/test-mail`): one mail to the
 * admin's own address, sent now rather than through the outbox, because the
 * point is to see at once whether the mail server takes it. A refusal is an
 * answer, not an error: the admin reads what the server said. The first
 * success completes the „Pierwsze kroki” step.
 */
export async function sendTestMail(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config' | 'log'>,
  admin: UserRow,
): Promise<TestMailAnswer> {
  const text = `To jest e-mail próbny z Kontaktu (${deps.config.publicUrl}). Skoro dotarł, wiadomości do klientów i zespołu też będą wychodzić.`;
  try {
    await deps.mailer.send({
      to: admin.email,
      subject: SUBJECT,
      text,
      html: `<!doctype html><html lang="pl"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${SUBJECT}</h1><p>${escapeHtml(text)}</p></body></html>`,
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'test mail not sent');
    const reason = error instanceof Error ? error.message : String(error);
    return {
      sent: false,
      to: admin.email,
      detail: `Serwer poczty nie przyjął wiadomości: ${reason.slice(0, 300)}. Sprawdź SMTP_URL i spróbuj ponownie.`,
    };
  }
  const now = deps.clock.now();
  await mergeState(
    deps.db,
    STATE_KEYS.testMail,
    { sent_at: now.toISOString(), to: admin.email },
    now,
  );
  return { sent: true, to: admin.email };
}

import type { AppDeps } from '../deps';
import type { MailMessage } from './transport';

/**
 * Sends a security notice without making the caller wait for SMTP: a login or a
 * password change must not be slowed, nor fail, because the mail server is.
 * A notice that cannot be sent is logged; the change it reports stands.
 * Answers the send's promise (it never rejects) for callers that want to wait.
 */
export function sendNotice(
  deps: Pick<AppDeps, 'mailer' | 'log' | 'background'>,
  message: MailMessage,
) {
  return deps.background.run(
    deps.mailer
      .send(message)
      .catch((error: unknown) =>
        deps.log.warn({ err: error, subject: message.subject }, 'security notice not sent'),
      ),
  );
}

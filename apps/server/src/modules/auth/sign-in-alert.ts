import type { UserRow } from '../../db/types';
import type { AppDeps } from '../../deps';
import { deviceName } from '../../lib/device-name';
import type { RequestMeta } from '../../lib/request-meta';
import { accountSecurityMails } from '../../mail/account-security-templates';
import { sendNotice } from '../../mail/send-notice';
import { type DeviceClaim, isDeviceOf } from './device-cookie';

/**
 * Sign-in alerts (issue 19): a successful sign-in from a browser without a
 * valid device cookie for this account e-mails the owner the time, browser,
 * address and the sessions list. The browser that registered got its cookie
 * at registration, so the first sign-in there is not "new". A password change
 * re-signs only the changing browser's cookie, so every other browser counts
 * as new afterwards, as it should.
 *
 * The e-mail is sent in the background: the login answers without waiting for
 * SMTP. Answers the send (never rejecting), or null when no alert is due.
 */
export function alertIfNewBrowser(
  deps: Pick<AppDeps, 'mailer' | 'log' | 'clock' | 'config' | 'background'>,
  input: { user: UserRow; device: DeviceClaim | undefined; meta: RequestMeta },
): Promise<void> | null {
  if (isDeviceOf(input.device, input.user)) return null;
  return sendNotice(
    deps,
    accountSecurityMails.signInAlert(input.user.email, {
      at: deps.clock.now(),
      device: deviceName(input.meta.userAgent),
      ip: input.meta.ip,
      sessionsUrl: `${deps.config.publicUrl}/profile#sessions`,
    }),
  );
}

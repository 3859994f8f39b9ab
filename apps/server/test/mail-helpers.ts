import type { CapturedMail, MailCapture } from './helpers';

/**
 * The newest e-mail to an address with this subject, waiting for it: security
 * notices are sent in the background, after the answer, so they may arrive
 * after other mail to the same address.
 */
export async function mailTitled(
  mail: MailCapture,
  to: string,
  subject: string,
): Promise<CapturedMail> {
  for (let i = 0; i < 100; i++) {
    const found = mail.messages
      .filter((m) => m.to.toLowerCase() === to.toLowerCase() && m.subject === subject)
      .at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail „${subject}” to ${to}`);
}

/** Waits long enough for a background send that should not happen to have happened. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

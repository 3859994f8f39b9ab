import type { AppDeps } from '../../deps';
import type { Mailer } from '../../mail/transport';
import { mergeState, STATE_KEYS } from './system-state';

/** Enough of the mail server's answer to act on; it never holds the message itself. */
const ERROR_CHARS = 300;

/**
 * The mailer every sender uses, remembering in the database when a mail last
 * went out and when and why one last failed: the `mail_out` line of „Stan
 * systemu” reads it, and every instance writes the same row, so the answer
 * does not depend on which instance serves the page. Recording never fails a
 * send nor turns a failed one into another error.
 */
export function recordMailOutcomes(
  mailer: Mailer,
  deps: Pick<AppDeps, 'db' | 'clock' | 'log'>,
): Mailer {
  const record = (value: object) =>
    mergeState(deps.db, STATE_KEYS.mailOut, value, deps.clock.now()).catch((error: unknown) =>
      deps.log.warn({ err: error }, 'outcome of a mail not recorded'),
    );
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await record({
          last_ok: false,
          last_error_at: deps.clock.now().toISOString(),
          last_error: reason.slice(0, ERROR_CHARS),
        });
        throw error;
      }
      await record({ last_ok: true, last_success_at: deps.clock.now().toISOString() });
    },
    close: () => mailer.close(),
  };
}

import type { Mailer } from '../mail/transport';
import type { Metrics } from './metrics';

/** The mailer, counting what the transport accepted and what it refused. */
export function countMails(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mailFailed();
        throw error;
      }
      metrics.mailSent();
    },
    close: () => mailer.close(),
  };
}

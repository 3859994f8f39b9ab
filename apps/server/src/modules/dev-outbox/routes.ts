import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { readOutbox } from '../../mail/transport';
import type { InboundContext } from '../inbound-mail/index';
import { answerOutboxMail } from './answer-mail';
import { isLocalOutboxRequest } from './local-only';
import { outboxPage } from './outbox-page';

const AnswerSchema = z.object({
  id: z.string().min(1).max(200),
  from: z.email(),
  body: z.string().min(1).max(20_000),
});

/** Development only: the e-mails the dev outbox kept, so registration works without SMTP. */
export async function devOutboxRoutes(app: FastifyInstance, options: { inbound: InboundContext }) {
  const dir = path.join(app.deps.config.dataDir, 'outbox');

  // Anyone else is told the page does not exist, as in production.
  app.addHook('onRequest', async (request) => {
    if (!isLocalOutboxRequest(request, app.deps.config)) throw new AppError(404, 'not_found');
  });
  // The answer form posts a plain HTML form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/dev/outbox.json', async () => ({ messages: await readOutbox(dir) }));

  app.get('/dev/outbox', async (request, reply) => {
    const { outcome } = request.query as { outcome?: string };
    return reply.type('text/html; charset=utf-8').send(outboxPage(await readOutbox(dir), outcome));
  });

  /** „Odpowiedz”: the answer goes through the same inbound code as a mail from the mailbox. */
  app.post('/dev/outbox/answer', async (request, reply) => {
    const answer = parse(AnswerSchema, request.body);
    const entry = (await readOutbox(dir)).find((m) => m.id === answer.id);
    if (!entry) throw new AppError(404, 'not_found');
    const outcome = await answerOutboxMail(options.inbound, app.deps.config, entry, answer);
    if (request.headers.accept?.includes('application/json')) return { outcome };
    return reply.redirect(`/dev/outbox?outcome=${encodeURIComponent(outcome.kind)}`, 303);
  });
}

import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { readOutbox } from '../../mail/transport';
import { isLocalOutboxRequest } from './local-only';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Development only: the e-mails the dev outbox kept, so registration works without SMTP. */
export async function devOutboxRoutes(app: FastifyInstance) {
  const dir = path.join(app.deps.config.dataDir, 'outbox');

  // Anyone else is told the page does not exist, as in production.
  app.addHook('onRequest', async (request) => {
    if (!isLocalOutboxRequest(request, app.deps.config)) throw new AppError(404, 'not_found');
  });

  app.get('/dev/outbox.json', async () => ({ messages: await readOutbox(dir) }));

  app.get('/dev/outbox', async (_request, reply) => {
    const messages = await readOutbox(dir);
    const items = messages
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>Do: ${escapeHtml(m.to)} · ${escapeHtml(m.date)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>Skrzynka deweloperska</title><style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head><body><h1>Skrzynka deweloperska</h1><p>E-maile wysłane bez serwera SMTP (tylko w trybie deweloperskim).</p>${items || '<p>Brak wiadomości.</p>'}</body></html>`,
      );
  });
}

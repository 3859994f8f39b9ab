import { UnsubscribeQuerySchema } from '@studio/shared/email-channel';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notificationPrefs, users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { readUnsubscribeToken } from './unsubscribe-token';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:560px;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#111827;background:#fff}button{font:inherit;padding:.75rem 1.5rem;border-radius:8px;border:none;background:#1d4ed8;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #111827;outline-offset:2px}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * The List-Unsubscribe link of ticket e-mails (RFC 8058). A mail program posts
 * `List-Unsubscribe=One-Click` from its own servers, with no Origin of ours,
 * so this one route is exempt from the CSRF origin check; the signed token is
 * what authorises it, and all it can do is turn that user's ticket e-mails off.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const { db, clock, config } = app.deps;
  // Mail programs post a form body; only this route reads one (its content is not needed).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  const userFrom = (query: unknown) => {
    const userId = readUnsubscribeToken(config, parse(UnsubscribeQuerySchema, query).token);
    if (userId === null) throw badRequest('invalid_token');
    return userId;
  };

  // A person who opens the link sees a button; GET itself never changes anything.
  app.get('/api/notifications/unsubscribe', async (request, reply) => {
    userFrom(request.query);
    return (
      reply
        .type('text/html; charset=utf-8')
        // /api answers forbid everything; this one page needs its style and its form.
        .header(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        )
        .send(
          page(
            'Powiadomienia e-mail',
            `<p>Czy wyłączyć powiadomienia e-mail o zgłoszeniach? Możesz je później włączyć w ustawieniach profilu.</p><form method="post"><button type="submit">Wyłącz powiadomienia</button></form>`,
          ),
        )
    );
  });

  app.post(
    '/api/notifications/unsubscribe',
    { config: { csrfExempt: true } },
    async (request, reply) => {
      const userId = userFrom(request.query);
      // A deleted account has nothing left to mail; the answer does not tell.
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (user)
        await db
          .insert(notificationPrefs)
          .values({ userId, email: false, updatedAt: clock.now() })
          .onConflictDoUpdate({
            target: notificationPrefs.userId,
            set: { email: false, updatedAt: clock.now() },
          });
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Powiadomienia wyłączone',
              '<p>Nie będziemy już wysyłać e-maili o zgłoszeniach.</p>',
            ),
          );
      }
      return { email: false };
    },
  );
}

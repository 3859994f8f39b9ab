import { type UnsubscribedAnswer, UnsubscribeQuerySchema } from '@studio/shared/email-channel';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { setEmailEnabled } from './email-preference';
import { turnOffNewTicketMails, turnOffOverdueMails } from './staff-notification-prefs';
import { readUnsubscribeToken, type UnsubscribeList } from './unsubscribe-token';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:560px;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#111827;background:#fff}button{font:inherit;padding:.75rem 1.5rem;border-radius:8px;border:none;background:#1d4ed8;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #111827;outline-offset:2px}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

/** What each list's page says, and what turning it off changes. */
const lists: Record<
  UnsubscribeList,
  {
    question: string;
    button: string;
    done: string;
    turnOff: (db: Db, userId: number, now: Date) => Promise<unknown>;
    answer: UnsubscribedAnswer;
  }
> = {
  'ticket-mail': {
    question:
      'Czy wyłączyć powiadomienia e-mail o zgłoszeniach? Możesz je później włączyć w ustawieniach profilu.',
    button: 'Wyłącz powiadomienia',
    done: 'Nie będziemy już wysyłać e-maili o zgłoszeniach.',
    turnOff: (db, userId, now) => setEmailEnabled(db, userId, false, now),
    answer: { email: false },
  },
  // The digest's link turns off new-ticket mails only; the rest stays as it was.
  'staff-digest': {
    question:
      'Czy wyłączyć e-maile o nowych zgłoszeniach? Możesz je później włączyć w profilu, w części „Powiadomienia o zgłoszeniach”.',
    button: 'Wyłącz e-maile o nowych zgłoszeniach',
    done: 'Nie będziemy już wysyłać e-maili o nowych zgłoszeniach.',
    turnOff: turnOffNewTicketMails,
    answer: { new_tickets: 'none' },
  },
  // The overdue mail's link turns off overdue mails only.
  'staff-overdue': {
    question:
      'Czy wyłączyć e-maile o przypisanych Ci zgłoszeniach po terminie? Możesz je później włączyć w profilu, w części „Powiadomienia o zgłoszeniach”.',
    button: 'Wyłącz e-maile o zgłoszeniach po terminie',
    done: 'Nie będziemy już wysyłać e-maili o zgłoszeniach po terminie.',
    turnOff: turnOffOverdueMails,
    answer: { assigned_overdue: false },
  },
};

/**
 * The List-Unsubscribe link of ticket e-mails, the staff digest and the
 * staff's assignment and overdue mails (RFC 8058). A mail program posts
 * `List-Unsubscribe=One-Click` from its own servers, with no Origin of ours,
 * so this one route is exempt from the CSRF origin check; the signed token is
 * what authorises it, and all it can do is turn off that user's mails of the
 * token's list. Posting it again changes nothing more.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  const { db, clock, config } = app.deps;
  // Mail programs post a form body; only this route reads one (its content is not needed).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  const tokenOf = (query: unknown) => {
    const token = readUnsubscribeToken(config, parse(UnsubscribeQuerySchema, query).token);
    if (token === null) throw badRequest('invalid_token');
    return token;
  };

  // A person who opens the link sees a button; GET itself never changes anything.
  app.get('/api/notifications/unsubscribe', async (request, reply) => {
    const list = lists[tokenOf(request.query).list];
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
            `<p>${list.question}</p><form method="post"><button type="submit">${list.button}</button></form>`,
          ),
        )
    );
  });

  app.post(
    '/api/notifications/unsubscribe',
    { config: { csrfExempt: true } },
    async (request, reply) => {
      const { userId, list: name } = tokenOf(request.query);
      const list = lists[name];
      // A deleted account has nothing left to mail; the answer does not tell.
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (user) await list.turnOff(db, userId, clock.now());
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return reply
          .type('text/html; charset=utf-8')
          .send(page('Powiadomienia wyłączone', `<p>${list.done}</p>`));
      }
      return list.answer;
    },
  );
}

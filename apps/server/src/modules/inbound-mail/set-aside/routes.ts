import { type MailboxAttachAnswer, MailboxAttachBodySchema } from '@studio/shared/mailbox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../../lib/errors';
import { parse } from '../../../lib/validate';
import { requireAdmin } from '../../auth/index';
import { attachMailToTicket } from './attach-mail-to-ticket';
import { listSetAsideMails } from './list-set-aside-mails';
import { openTicketFromMail } from './open-ticket-from-mail';
import { trashSetAsideMail } from './trash-set-aside-mail';

const mailIdParam = (request: FastifyRequest) => (request.params as { id?: string }).id ?? '';

/**
 * „Skrzynka” (DESIGN §7.1): the mails the product set aside, for staff.
 * Admins only; without IMAP_URL the list is empty and every action is 404.
 */
export async function mailboxRoutes(app: FastifyInstance) {
  const { deps, inbound } = app;
  const requireMailbox = () => {
    if (!deps.config.imapUrl) throw notFound();
  };

  app.get('/api/admin/mailbox', async (request, reply) => {
    await requireAdmin(request, reply);
    return listSetAsideMails(deps);
  });

  app.post('/api/admin/mailbox/:id/ticket', async (request, reply) => {
    await requireAdmin(request, reply);
    requireMailbox();
    return openTicketFromMail(inbound, mailIdParam(request));
  });

  app.post('/api/admin/mailbox/:id/attach', async (request, reply) => {
    await requireAdmin(request, reply);
    requireMailbox();
    const body = parse(MailboxAttachBodySchema, request.body);
    const answer: MailboxAttachAnswer = await attachMailToTicket(inbound, {
      id: mailIdParam(request),
      ticketId: body.ticket_id,
    });
    return answer;
  });

  app.delete('/api/admin/mailbox/:id', async (request, reply) => {
    await requireAdmin(request, reply);
    requireMailbox();
    await trashSetAsideMail(deps, mailIdParam(request));
    return reply.code(204).send();
  });
}

/**
 * „Zespół” (issue 31): admins grant and revoke staff rights by e-mail address
 * in the workspace (`GET|POST /api/admin/team`, `DELETE /api/admin/team/:id`),
 * and each staff member chooses which ticket e-mails they get
 * (`GET|PUT /api/profile/staff-notifications`).
 */
import { z } from 'zod';

/** Where a grant came from: the workspace („Zespół”) or the admin command on the server. */
export const STAFF_GRANT_SOURCES = ['team', 'cli'] as const;
export type StaffGrantSource = (typeof STAFF_GRANT_SOURCES)[number];

export const TeamMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  /** The latest grant in the security log; `null` for rights older than the log's record of them. */
  granted: z
    .object({
      via: z.enum(STAFF_GRANT_SOURCES),
      at: z.string(),
      /** Who granted it in the workspace; `null` from the command line or a removed account. */
      by: z.string().nullable(),
    })
    .nullable(),
});

export const TeamAnswerSchema = z.object({ team: z.array(TeamMemberSchema) });

/** `POST /api/admin/team`: the account with this address becomes staff. */
export const TeamGrantBodySchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
});

export const TeamMemberAnswerSchema = z.object({ member: TeamMemberSchema });

export const TeamIdParamSchema = z.string().regex(/^\d{1,10}$/);

export type TeamMember = z.infer<typeof TeamMemberSchema>;
export type TeamAnswer = z.infer<typeof TeamAnswerSchema>;
export type TeamMemberAnswer = z.infer<typeof TeamMemberAnswerSchema>;

/** What a staff member hears of new tickets: one mail each, a grouped mail every few minutes, or none. */
export const NEW_TICKET_MAIL_CHOICES = ['each', 'digest', 'none'] as const;
export type NewTicketMailChoice = (typeof NEW_TICKET_MAIL_CHOICES)[number];

export const StaffNotificationsSchema = z.object({
  new_tickets: z.enum(NEW_TICKET_MAIL_CHOICES),
  /** „Zgłoszenie #N jest po terminie” for tickets assigned to them. */
  assigned_overdue: z.boolean(),
});

export type StaffNotifications = z.infer<typeof StaffNotificationsSchema>;

/** Until a staff member chooses: grouped mails, and overdue mails on. */
export const DEFAULT_STAFF_NOTIFICATIONS: StaffNotifications = {
  new_tickets: 'digest',
  assigned_overdue: true,
};

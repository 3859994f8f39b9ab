/**
 * Tickets for callers (DESIGN.md §7.9): staff open a ticket for a customer,
 * found by search or typed as an e-mail address (an unknown one becomes a
 * guest account, §7.6).
 */
import { z } from 'zod';
import { INQUIRY_NAME_MAX } from './inquiries';
import { EmailSchema } from './schemas';

/**
 * The extra multipart fields of `POST /api/tickets` (admins): whose ticket it
 * is, and the name a new guest account is given (optional; the address
 * before `@` otherwise).
 */
export const TicketCustomerFieldsSchema = z.object({
  customer_email: EmailSchema,
  customer_name: z.string().trim().max(INQUIRY_NAME_MAX).optional(),
});

export const CUSTOMER_SEARCH_MAX = 8;

/** `GET /api/admin/customers?q=`: the beginning of a username or an e-mail address. */
export const CustomerSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(254) });

export const CustomerMatchSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  /** A guest account (no password, §7.6). */
  is_guest: z.boolean(),
});

export const CustomerSearchAnswerSchema = z.object({ customers: z.array(CustomerMatchSchema) });

export type TicketCustomerFields = z.infer<typeof TicketCustomerFieldsSchema>;
export type CustomerMatch = z.infer<typeof CustomerMatchSchema>;
export type CustomerSearchAnswer = z.infer<typeof CustomerSearchAnswerSchema>;

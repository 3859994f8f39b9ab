import {
  CUSTOMER_SEARCH_MAX,
  type CustomerSearchAnswer,
  CustomerSearchQuerySchema,
} from '@studio/shared/callers';
import { and, asc, isNotNull, not, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { parse } from '../../lib/validate';
import { requireAdmin } from '../auth/index';

/** `%`, `_` and `\` typed by staff are letters to match, not patterns. */
function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Customers whose username or e-mail address begins with the text: the
 * picker of „Nowe zgłoszenie” for staff (DESIGN.md §7.9). Staff accounts are
 * left out (a ticket is never opened for one); guests are included.
 */
export async function searchCustomers(db: Db, text: string): Promise<CustomerSearchAnswer> {
  const prefix = likePrefix(text);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      hasPassword: isNotNull(users.passwordHash),
    })
    .from(users)
    .where(
      and(
        not(users.isAdmin),
        or(sql`lower(${users.username}) like ${prefix}`, sql`lower(${users.email}) like ${prefix}`),
      ),
    )
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(CUSTOMER_SEARCH_MAX);
  return {
    customers: rows.map((r) => ({
      id: r.id,
      username: r.username,
      email: r.email,
      is_guest: !r.hasPassword,
    })),
  };
}

/** `GET /api/admin/customers?q=` (an addition to §7.9): admins only, a customer gets 403. */
export function customerSearchRoute(app: FastifyInstance) {
  app.get('/api/admin/customers', async (request, reply) => {
    await requireAdmin(request, reply);
    const { q } = parse(CustomerSearchQuerySchema, request.query);
    return searchCustomers(app.deps.db, q);
  });
}

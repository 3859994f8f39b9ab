import type { users } from './schema/index';

/**
 * A user as stored. Kept beside the schema rather than in the auth module so
 * `deps.ts`, the session cache and the services can all name it without
 * importing one another.
 */
export type UserRow = typeof users.$inferSelect;

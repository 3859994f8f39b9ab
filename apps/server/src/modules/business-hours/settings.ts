import {
  type BusinessHours,
  BusinessHoursSchema,
  DEFAULT_BUSINESS_HOURS,
  normaliseBusinessHours,
} from '@studio/shared/business-hours';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { systemState } from '../../db/schema/index';

/**
 * The business hours live in `system_state` (one JSON row every instance
 * reads), as the status page's shared facts do: a small settings object
 * needs no table of its own.
 */
export const BUSINESS_HOURS_KEY = 'business_hours';

/** The saved settings, or the defaults (DEFAULT_BUSINESS_HOURS) until an admin saves some. */
export async function readBusinessHours(db: Db): Promise<BusinessHours> {
  const [row] = await db
    .select({ value: systemState.value })
    .from(systemState)
    .where(eq(systemState.key, BUSINESS_HOURS_KEY));
  // A row written by an older or newer shape falls back to the defaults rather than failing every post.
  const parsed = row ? BusinessHoursSchema.safeParse(row.value) : null;
  return normaliseBusinessHours(parsed?.success ? parsed.data : DEFAULT_BUSINESS_HOURS);
}

export async function writeBusinessHours(db: Db, value: BusinessHours, now: Date) {
  await db
    .insert(systemState)
    .values({ key: BUSINESS_HOURS_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: now } });
}

import {
  type BusinessHours,
  BusinessHoursSchema,
  normaliseBusinessHours,
} from '@studio/shared/business-hours';
import type { AppDeps } from '../../deps';
import type { RequestMeta } from '../../lib/request-meta';
import { parse } from '../../lib/validate';
import { recordSecurityEvent } from '../security-log/index';
import { recomputeDueTimes } from './recompute-due';
import { readBusinessHours, writeBusinessHours } from './settings';

/**
 * `PUT /api/admin/business-hours` (admins): checks the whole object (400
 * `validation_failed` with Polish messages, nothing stored), stores it, logs
 * who changed what in the security log (where staff actions are kept), then
 * recounts the due time of every open ticket awaiting staff.
 */
export async function saveBusinessHours(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log'>,
  input: { adminId: number; body: unknown; meta: RequestMeta },
): Promise<BusinessHours> {
  const hours = normaliseBusinessHours(parse(BusinessHoursSchema, input.body));
  const before = await readBusinessHours(deps.db);
  await writeBusinessHours(deps.db, hours, deps.clock.now());
  await recordSecurityEvent(deps, {
    event: 'business_hours_changed',
    userId: input.adminId,
    meta: input.meta,
    details: { before, after: hours },
  });
  const recounted = await recomputeDueTimes(deps.db, hours);
  deps.log.info({ recounted }, 'business hours changed, due times recounted');
  return hours;
}

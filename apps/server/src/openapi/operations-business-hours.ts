/** Route table: business hours and response targets (DESIGN.md §7.9, issue 31). */
import { BusinessHoursSchema } from '@studio/shared/business-hours';
import type { ApiOperation } from './operation';
import { JSON_WRITE, refusals } from './operation';

const ADMINS_ONLY = '`forbidden`: not an admin (or a foreign `Origin`).';

export const businessHoursOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/admin/business-hours',
    tag: 'staff',
    session: true,
    summary: '„Godziny pracy”: the business hours, extra days off and response targets (admins)',
    description:
      'Until set: Europe/Warsaw, Monday–Friday 09:00–17:00, no extra days off, 240 minutes to the first answer and 480 to the next. Polish public holidays are closed without being listed.',
    answers: {
      200: { description: 'The settings.', schema: BusinessHoursSchema },
      ...refusals([401, 403], { 403: ADMINS_ONLY }),
    },
  },
  {
    method: 'put',
    path: '/api/admin/business-hours',
    tag: 'staff',
    session: true,
    summary:
      'Replace the business hours and targets (admins); due times of waiting tickets are recounted',
    body: BusinessHoursSchema,
    answers: {
      200: { description: 'The settings as stored.', schema: BusinessHoursSchema },
      ...refusals([...JSON_WRITE, 401], {
        400: '`validation_failed` with Polish `details` (time zone, weekday, hours, dates, minutes); nothing changed.',
        403: ADMINS_ONLY,
      }),
    },
  },
];

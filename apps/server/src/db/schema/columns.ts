import { timestamp } from 'drizzle-orm/pg-core';

/** Every time column: `timestamptz`, read as a JavaScript Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

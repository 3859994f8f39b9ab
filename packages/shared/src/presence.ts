/**
 * Presence (DESIGN.md §7.9): which staff members have a ticket open and who
 * is typing in it. Admins report their own state; every admin's live stream
 * carries the resulting list of a ticket whenever it changes.
 */
import { z } from 'zod';

const Id = z.number().int().positive();

/** `left` ends the state at once; the others lapse PRESENCE_LAPSE_MS after the last report. */
export const PresenceStateSchema = z.enum(['viewing', 'typing', 'left']);
export type PresenceState = z.infer<typeof PresenceStateSchema>;

/** How long a reported state holds without a new report. */
export const PRESENCE_LAPSE_MS = 30_000;
/** How often an open ticket reports `viewing` again, well inside the lapse. */
export const PRESENCE_REFRESH_MS = 20_000;

/** Body of `POST /api/tickets/:id/presence` → 204. */
export const PresenceBodySchema = z.object({ state: PresenceStateSchema });
export type PresenceBody = z.infer<typeof PresenceBodySchema>;

/** One staff member on a ticket; `left` never appears here. */
export const PresenceUserSchema = z.object({
  id: Id,
  username: z.string(),
  state: PresenceStateSchema.exclude(['left']),
});
export type PresenceUser = z.infer<typeof PresenceUserSchema>;

/** SSE event `presence` (admins' streams only): everyone on that ticket now, by id. */
export const PresenceEventSchema = z.object({
  ticket_id: Id,
  users: z.array(PresenceUserSchema),
});
export type PresenceEvent = z.infer<typeof PresenceEventSchema>;

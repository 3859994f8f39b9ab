import { PresenceEventSchema, type PresenceUser } from '@studio/shared/presence';
import type { QueryClient } from '@tanstack/react-query';
import { readEventData } from './event-stream';

/** Who is on which ticket, by ticket id, as the admins' list stream last said. */
export type PresenceByTicket = Record<number, PresenceUser[]>;

/** Outside `['tickets', …]`: refetching the tickets must not touch it (it has nothing to fetch). */
export const presenceKey = ['staff-presence'] as const;

/** An `event: presence` from the list stream replaces that ticket's list. */
export function applyPresenceEvent(queryClient: QueryClient, data: string) {
  const event = readEventData(data, PresenceEventSchema);
  if (!event) return;
  const { ticket_id, users } = event;
  queryClient.setQueryData<PresenceByTicket>(presenceKey, (current = {}) => {
    const next = { ...current };
    if (users.length === 0) delete next[ticket_id];
    else next[ticket_id] = users;
    return next;
  });
}

/** After a lost connection the lists may be stale; the reopened stream sends them anew. */
export function clearPresence(queryClient: QueryClient) {
  queryClient.setQueryData<PresenceByTicket>(presenceKey, {});
}

/** „AN” for „Anna Nowak”, „A” for „anna”: up to two initials, upper case. */
export function initialsOf(username: string): string {
  const words = username.split(/[\s._-]+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toLocaleUpperCase('pl-PL') || '?';
}

/** The accessible name of an avatar: „Anna przegląda”, „Anna pisze…”. */
export function presenceLabel(user: Pick<PresenceUser, 'username' | 'state'>): string {
  return user.state === 'typing' ? `${user.username} pisze…` : `${user.username} przegląda`;
}

/**
 * Polish past tense has a gender the username does not carry; a first word
 * ending in „a” is nearly always a woman's name (Anna, Kasia), with a few
 * men's names as the known exceptions.
 */
const MALE_NAMES_IN_A = new Set(['kuba', 'barnaba', 'kosma', 'jarema', 'bonawentura', 'zawisza']);

export function answeredVerb(username: string): string {
  const first = (username.trim().split(/[\s._-]+/)[0] ?? '').toLocaleLowerCase('pl-PL');
  const feminine = first.endsWith('a') && !MALE_NAMES_IN_A.has(first);
  return feminine ? 'odpowiedziała' : 'odpowiedział';
}

/** „20 s temu”, „3 min temu”, „2 godz. temu”; „przed chwilą” under 5 s. */
export function agoText(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 5) return 'przed chwilą';
  if (seconds < 60) return `${seconds} s temu`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min temu`;
  return `${Math.floor(seconds / 3600)} godz. temu`;
}

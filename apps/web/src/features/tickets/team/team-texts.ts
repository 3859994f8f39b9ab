import type { TeamMember } from '@studio/shared/team';
import { countOf } from '~/lib/plural';

export const TEAM_TITLE = 'Zespół';

const grantDate = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'long' });

/** „3 osoby”, „1 osoba”, „5 osób”. */
export function peopleCount(n: number): string {
  return countOf(n, { one: 'osoba', few: 'osoby', many: 'osób' });
}

/** Where a member's rights came from, as the list shows it; null when the log has no record. */
export function grantedText(member: TeamMember): string | null {
  const { granted } = member;
  if (!granted) return null;
  const on = grantDate.format(new Date(granted.at));
  if (granted.via === 'cli') return `Dodano z serwera (polecenie admin), ${on}`;
  return granted.by ? `Dodano w Kontakcie przez ${granted.by}, ${on}` : `Dodano w Kontakcie, ${on}`;
}

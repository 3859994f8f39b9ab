import type { TeamMember } from '@studio/shared/team';
import { useRef, useState } from 'react';
import { errorMessage } from '~/lib/error-messages';
import { useCurrentUser } from '~/lib/session';
import { useTeam } from '../api/get-team';
import { StaffPageHeader } from '../components/staff-page-header';
import { dangerButtonClass, panelClass, secondaryButtonClass } from '../components/styles';
import { RETRY_LABEL } from '../lib/messages';
import { GrantStaffForm } from './grant-staff-form';
import { RevokeStaffDialog } from './revoke-staff-dialog';
import { grantedText, peopleCount, TEAM_TITLE } from './team-texts';

function MemberRow({
  member,
  isMe,
  onRevoke,
}: {
  member: TeamMember;
  isMe: boolean;
  onRevoke: (member: TeamMember) => void;
}) {
  const granted = grantedText(member);
  return (
    <li
      className={`${panelClass} flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between`}
    >
      <div className="min-w-0">
        <p className="font-semibold break-all text-slate-900 dark:text-white">
          {member.username}
          {isMe && <span className="font-normal text-slate-600 dark:text-slate-300"> (Ty)</span>}
        </p>
        <p className="text-sm break-all text-slate-700 dark:text-slate-300">{member.email}</p>
        {granted && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{granted}</p>}
      </div>
      {!isMe && (
        <button
          type="button"
          onClick={() => onRevoke(member)}
          className={`${dangerButtonClass} shrink-0`}
          aria-label={`Odbierz uprawnienia: ${member.username}`}
        >
          Odbierz uprawnienia
        </button>
      )}
    </li>
  );
}

/**
 * `/contact/team` (issue 31): who is staff, „Dodaj osobę” by e-mail and
 * „Odbierz uprawnienia” with a confirmation. An admin cannot remove themself
 * here (the server refuses it too), so their own row has no button.
 */
export function TeamView() {
  const team = useTeam();
  const { user } = useCurrentUser();
  const [revoking, setRevoking] = useState<TeamMember | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** The row that held focus is gone: the keyboard continues from the heading. */
  const afterRevoke = () => {
    setRevoking(null);
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <div className="flex flex-col gap-6">
      <StaffPageHeader title={TEAM_TITLE} headingRef={headingRef} />
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Osoby z uprawnieniami zespołu widzą wszystkie zgłoszenia, odpowiadają klientom i zarządzają
        Kontaktem. Każda zmiana trafia do dziennika bezpieczeństwa, a osoba dostaje o niej e-mail.
      </p>
      <GrantStaffForm />
      <section aria-labelledby="team-list-title" className="flex flex-col gap-3">
        <h2 id="team-list-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          {team.data ? `W zespole: ${peopleCount(team.data.length)}` : 'W zespole'}
        </h2>
        {team.isPending ? (
          <p role="status" className="py-8 text-center text-slate-700 dark:text-slate-300">
            Wczytywanie zespołu…
          </p>
        ) : team.isError ? (
          <div role="alert" className="py-8 text-center text-red-800 dark:text-red-200">
            <p>{errorMessage('teamList', team.error)}</p>
            <button
              type="button"
              onClick={() => void team.refetch()}
              disabled={team.isFetching}
              className={`${secondaryButtonClass} mt-3`}
            >
              {team.isFetching ? 'Wczytywanie…' : RETRY_LABEL}
            </button>
          </div>
        ) : team.data.length === 0 ? (
          <p
            role="status"
            className={`${panelClass} p-6 text-center text-slate-700 dark:text-slate-300`}
          >
            Nikt nie ma jeszcze uprawnień zespołu.
          </p>
        ) : (
          <ul data-testid="team-members" className="flex flex-col gap-3">
            {team.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isMe={member.id === user?.id}
                onRevoke={setRevoking}
              />
            ))}
          </ul>
        )}
      </section>
      <RevokeStaffDialog member={revoking} onClose={() => setRevoking(null)} onDone={afterRevoke} />
    </div>
  );
}

import { PointerTiltCard } from '~/components/pointer-tilt-card';
import type { TeamMember } from '~/content/team';
import { MemberAvatar } from './member-avatar';

export function MemberCard({
  member,
  onOpenProfile,
}: {
  member: TeamMember;
  onOpenProfile: (member: TeamMember) => void;
}) {
  const headingId = `member-${member.slug}`;
  return (
    <PointerTiltCard className="h-full">
      <article
        aria-labelledby={headingId}
        data-testid="member-card"
        className="flex h-full flex-col items-center gap-4 rounded-3xl border border-slate-200/80 bg-white/85 p-6 text-center shadow-xl shadow-blue-900/5 backdrop-blur sm:p-8 dark:border-white/10 dark:bg-slate-900/70 dark:shadow-black/30"
      >
        <MemberAvatar src={member.image} size={128} />
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-slate-900 dark:text-white">
            {member.name}
          </h2>
          <p className="mt-1 font-medium text-blue-700 dark:text-sky-300">{member.role}</p>
        </div>
        <p className="text-slate-600 dark:text-slate-300">{member.bio}</p>
        <button
          type="button"
          onClick={() => onOpenProfile(member)}
          aria-haspopup="dialog"
          className="cursor-target mt-auto rounded-full bg-blue-700 px-5 py-2.5 font-semibold text-white shadow-lg shadow-blue-700/25 transition hover:bg-blue-600 dark:bg-sky-500 dark:text-slate-950 dark:hover:bg-sky-400"
        >
          Zobacz pełny profil
          <span className="sr-only">: {member.name}</span>
        </button>
      </article>
    </PointerTiltCard>
  );
}

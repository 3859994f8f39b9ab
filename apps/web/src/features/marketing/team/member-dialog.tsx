import { useRef } from 'react';
import { Dialog } from '~/components/dialog';
import type { TeamMember } from '~/content/team';
import { MemberAvatar } from './member-avatar';

const SOCIAL_LABELS = [
  ['github', 'GitHub'],
  ['linkedin', 'LinkedIn'],
  ['twitter', 'Twitter'],
] as const;

export function MemberDialog({
  member,
  onClose,
}: {
  member: TeamMember | null;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const headingId = 'member-dialog-title';
  const links = member
    ? SOCIAL_LABELS.filter(([key]) => member.socials[key].trim() !== '').map(([key, label]) => ({
        label,
        href: member.socials[key],
      }))
    : [];

  return (
    <Dialog open={member !== null} onClose={onClose} labelledBy={headingId} initialFocus={closeRef}>
      {member && (
        <div className="relative p-6 sm:p-8">
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Zamknij"
            className="cursor-target absolute top-4 right-4 flex h-10 w-10 items-center justify-center rounded-full text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-white/10 dark:hover:text-white"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none">
              <path
                d="M6 6l12 12M18 6 6 18"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
          </button>
          <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
            <MemberAvatar src={member.image} size={160} />
            <div className="min-w-0">
              <h2 id={headingId} className="text-2xl font-bold sm:pr-8 sm:text-3xl">
                {member.name}
              </h2>
              <p className="mt-1 font-medium text-blue-700 dark:text-sky-300">{member.role}</p>
              <p className="mt-3 text-slate-600 dark:text-slate-300">{member.bio}</p>
            </div>
          </div>
          <h3 className="mt-6 text-lg font-semibold">Technologie</h3>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={`Technologie: ${member.name}`}>
            {member.skills.map((skill) => (
              <li
                key={skill}
                className="rounded-full border border-blue-200 bg-blue-50 px-3 py-1 text-sm font-medium text-blue-800 dark:border-sky-400/20 dark:bg-sky-400/10 dark:text-sky-200"
              >
                {skill}
              </li>
            ))}
          </ul>
          {links.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-3" aria-label="Profile w sieci">
              {links.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="cursor-target inline-flex items-center gap-2 rounded-full border border-slate-300 px-4 py-2 font-medium transition hover:border-blue-500 hover:text-blue-700 dark:border-white/15 dark:hover:border-sky-400 dark:hover:text-sky-300"
                  >
                    {link.label}
                    <span className="sr-only"> (otwiera się w nowej karcie)</span>
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none">
                      <path
                        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}

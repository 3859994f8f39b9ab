import type { RefObject } from 'react';
import { Link } from 'react-router';
import { secondaryButtonClass } from './styles';

/**
 * The title of a staff page whose list loses rows (Skrzynka, Zespół) and the
 * way back to the tickets. The heading takes focus programmatically
 * (`headingRef`), so the keyboard goes on from the top when the focused row is gone.
 */
export function StaffPageHeader({
  title,
  headingRef,
}: {
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight text-slate-900 outline-none dark:text-white"
      >
        {title}
      </h1>
      <Link to="/contact" className={secondaryButtonClass}>
        Wróć do zgłoszeń
      </Link>
    </div>
  );
}

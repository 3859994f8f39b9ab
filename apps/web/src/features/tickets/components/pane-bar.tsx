import { ChevronIcon } from './icons';
import { secondaryButtonClass } from './styles';

const paneButtonClass = `${secondaryButtonClass} min-h-9 px-3 py-1`;

/**
 * On a phone staff see one pane at a time (issue 31): this bar leads back to the pane
 * before and, from the thread, on to the customer. Wide screens show every pane at once
 * and have no use for it.
 */
export function PaneBar({
  onBack,
  backLabel,
  forward,
}: {
  onBack: () => void;
  backLabel: string;
  forward?: { label: string; onClick: () => void };
}) {
  return (
    <div className="flex shrink-0 items-center justify-between gap-2 border-b border-slate-200 px-2 py-1.5 lg:hidden dark:border-white/10">
      <button type="button" onClick={onBack} className={paneButtonClass}>
        <ChevronIcon className="size-4 rotate-90" />
        {backLabel}
      </button>
      {forward && (
        <button type="button" onClick={forward.onClick} className={paneButtonClass}>
          {forward.label}
          <ChevronIcon className="size-4 -rotate-90" />
        </button>
      )}
    </div>
  );
}

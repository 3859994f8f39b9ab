import { useId } from 'react';
import type { AssigneeOption } from '../hooks/use-assignee-options';
import type { TicketSummary } from '../lib/selection';
import { secondaryButtonClass } from './styles';

const NOBODY = 'none';

interface AssignControlProps {
  ticket: TicketSummary;
  options: readonly AssigneeOption[];
  myId: number;
  isAssigning: boolean;
  onAssign: (assigneeId: number | null) => void;
}

/** Staff's assignment of the open ticket: any known admin, nobody, or „Przypisz do mnie”. */
export function AssignControl({
  ticket,
  options,
  myId,
  isAssigning,
  onAssign,
}: AssignControlProps) {
  const selectId = useId();
  const current = ticket.assignee?.id ?? null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800 dark:text-slate-100">
        Przypisane do
      </label>
      <select
        id={selectId}
        value={current === null ? NOBODY : String(current)}
        disabled={isAssigning}
        onChange={(event) =>
          onAssign(event.target.value === NOBODY ? null : Number(event.target.value))
        }
        className="cursor-target min-h-10 max-w-[12rem] rounded-lg border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 dark:border-white/25 dark:bg-slate-950/70 dark:text-white"
      >
        <option value={NOBODY}>Nieprzypisane</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.id === myId ? `${option.username} (Ty)` : option.username}
          </option>
        ))}
      </select>
      {current !== myId && (
        <button
          type="button"
          onClick={() => onAssign(myId)}
          disabled={isAssigning}
          className={`${secondaryButtonClass} min-h-10 py-1`}
        >
          Przypisz do mnie
        </button>
      )}
    </div>
  );
}

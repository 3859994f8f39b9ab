import { type StatsPeriod, StatsRangeSchema } from '@studio/shared/staff';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '~/components/form/text-field';
import { secondaryButtonClass } from '../components/styles';
import { PERIOD_CHOICES } from './report-period';

const choiceClass =
  'cursor-target inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-400 bg-white/70 px-3 py-2 text-sm font-medium text-slate-800 has-checked:border-blue-700 has-checked:bg-blue-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-700 dark:border-white/25 dark:bg-white/5 dark:text-slate-100 dark:has-checked:border-blue-400 dark:has-checked:bg-blue-600 dark:has-focus-visible:outline-blue-300';

type Errors = { from?: string; to?: string };

/**
 * „Okres”: 7, 30 or 90 days, or „Własny zakres” with two dates. A ready-made
 * period applies at once (the radios move with the arrow keys); a custom
 * range applies on „Pokaż”, after the same checks the server makes (the
 * messages come from StatsRangeSchema).
 */
export function PeriodPicker({
  period,
  onChange,
}: {
  period: StatsPeriod;
  onChange: (period: StatsPeriod) => void;
}) {
  const name = useId();
  const [customOpen, setCustomOpen] = useState(!('days' in period));
  const [from, setFrom] = useState('days' in period ? '' : period.from);
  const [to, setTo] = useState('days' in period ? '' : period.to);
  const [errors, setErrors] = useState<Errors>({});
  const custom = customOpen || !('days' in period);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const range = StatsRangeSchema.safeParse({ from: from || undefined, to: to || undefined });
    if (!range.success) {
      const found: Errors = {};
      for (const issue of range.error.issues) {
        const field = issue.path[0] === 'from' ? 'from' : 'to';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onChange(range.data);
  };

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Okres</legend>
        {PERIOD_CHOICES.map((days) => (
          <label key={days} className={choiceClass}>
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={!custom && 'days' in period && period.days === days}
              onChange={() => {
                setCustomOpen(false);
                onChange({ days });
              }}
            />
            {days} dni
          </label>
        ))}
        <label className={choiceClass}>
          <input
            type="radio"
            name={name}
            className="sr-only"
            checked={custom}
            onChange={() => setCustomOpen(true)}
          />
          Własny zakres
        </label>
      </fieldset>
      {custom && (
        <form
          noValidate
          onSubmit={apply}
          aria-label="Własny zakres"
          className="flex flex-wrap items-start gap-3"
        >
          <div className="w-full sm:w-48">
            <TextField
              label="Od"
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              error={errors.from}
              required
            />
          </div>
          <div className="w-full sm:w-48">
            <TextField
              label="Do"
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={errors.to}
              required
            />
          </div>
          <button type="submit" className={`${secondaryButtonClass} sm:mt-7`}>
            Pokaż
          </button>
        </form>
      )}
    </div>
  );
}

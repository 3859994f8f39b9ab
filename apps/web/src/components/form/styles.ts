/** Class lists shared by the account forms, so every screen looks and behaves alike. */

export const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm transition placeholder:text-slate-500 hover:border-slate-500 aria-[invalid=true]:border-red-600 disabled:opacity-60 dark:border-white/25 dark:bg-slate-950/70 dark:text-white dark:placeholder:text-slate-400 dark:hover:border-white/40 dark:aria-[invalid=true]:border-red-400';

export const primaryButtonClass =
  'cursor-target inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-blue-700 px-5 py-2.5 text-base font-semibold text-white shadow-lg shadow-blue-700/20 transition hover:bg-blue-600 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-blue-600 dark:hover:bg-blue-500';

export const secondaryButtonClass =
  'cursor-target inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-400 bg-white/70 px-5 py-2.5 text-base font-medium text-slate-800 transition hover:bg-white disabled:cursor-not-allowed disabled:opacity-60 dark:border-white/25 dark:bg-white/5 dark:text-slate-100 dark:hover:bg-white/15';

export const dangerButtonClass =
  'cursor-target inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-red-600/60 bg-white/70 px-5 py-2.5 text-base font-medium text-red-700 transition hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-400/50 dark:bg-white/5 dark:text-red-300 dark:hover:bg-red-500/15';

export const linkClass =
  'cursor-target font-medium text-blue-700 underline decoration-blue-700/40 underline-offset-4 hover:decoration-blue-700 dark:text-blue-300 dark:decoration-blue-300/40 dark:hover:decoration-blue-300';

import type { ReactNode } from 'react';

/**
 * The frame of an account screen: one <main> with a centered card, a heading
 * and an optional intro. Narrow enough to read on 390 px, roomy on desktop.
 */
export function PageCard({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <main className="flex min-h-dvh items-start justify-center px-4 pt-28 pb-16 sm:px-6 sm:pt-32">
      <section
        aria-labelledby="page-title"
        className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl border border-slate-900/10 bg-white/85 p-6 shadow-xl shadow-slate-900/5 backdrop-blur-md sm:p-8 dark:border-white/10 dark:bg-slate-900/75 dark:shadow-black/30`}
      >
        <h1
          id="page-title"
          className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
        >
          {title}
        </h1>
        {intro ? (
          <div className="mt-2 text-base text-slate-700 dark:text-slate-300">{intro}</div>
        ) : null}
        <div className="mt-6">{children}</div>
      </section>
    </main>
  );
}

import { useEffect, useState } from 'react';
import { applyTheme, currentTheme, setThemeColor, type Theme } from '~/lib/theme';

/** Switches between dark and light; the choice persists in localStorage (SPEC §4). */
export function ThemeToggle({ className = '' }: { className?: string }) {
  // Prerendered HTML is dark; the real value is read after hydration.
  const [theme, setTheme] = useState<Theme>('dark');
  useEffect(() => {
    const initial = currentTheme();
    setTheme(initial);
    setThemeColor(initial);
    const sync = (event: Event) => setTheme((event as CustomEvent<Theme>).detail);
    window.addEventListener('themechange', sync);
    return () => window.removeEventListener('themechange', sync);
  }, []);

  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => applyTheme(next)}
      aria-label={next === 'light' ? 'Włącz jasny motyw' : 'Włącz ciemny motyw'}
      title={next === 'light' ? 'Włącz jasny motyw' : 'Włącz ciemny motyw'}
      data-theme-toggle
      className={`cursor-target inline-flex size-10 items-center justify-center rounded-full border border-slate-900/10 bg-white/60 text-slate-800 transition hover:bg-white dark:border-white/15 dark:bg-white/5 dark:text-slate-100 dark:hover:bg-white/15 ${className}`}
    >
      {theme === 'dark' ? (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </svg>
      )}
    </button>
  );
}

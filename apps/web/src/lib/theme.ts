/** Theme handling shared by the toggle and tests (SPEC §4: key 'theme', values 'dark' | 'light'). */
export type Theme = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'theme';

export function currentTheme(): Theme {
  if (typeof document === 'undefined') return 'dark';
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Browser UI colour (mobile address bar) per theme; matches the page background. */
export const THEME_COLORS: Record<Theme, string> = { dark: '#050a18', light: '#f1f5fb' };

/**
 * The page's theme-color metas (root.tsx has one per colour scheme, for the
 * installed app's first frame) all take the site's theme once it is known:
 * the site's own choice wins over the system's.
 */
export function setThemeColor(theme: Theme) {
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', THEME_COLORS[theme]);
  }
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  setThemeColor(theme);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch (error) {
    // Private mode or blocked storage: the theme still changes for this visit.
    console.warn('Nie udało się zapisać motywu', error);
  }
  window.dispatchEvent(new CustomEvent<Theme>('themechange', { detail: theme }));
}

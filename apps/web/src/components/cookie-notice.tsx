import { useEffect, useState } from 'react';
import { Link } from 'react-router';

export const COOKIE_NOTICE_KEY = 'nd_cookie_notice';

function readAccepted(): boolean {
  try {
    return localStorage.getItem(COOKIE_NOTICE_KEY) !== null;
  } catch (error) {
    console.warn('Nie udało się odczytać zgody na pliki cookie', error);
    return false;
  }
}

/** Shown until accepted with 'Kontynuuj'; any stored value hides it (SPEC §2, §4). */
export function CookieNotice() {
  // In the prerendered HTML, so a first visit paints it with the page instead of
  // after the scripts (it was the largest text painted late on short pages).
  // Visitors who accepted never see it: root.tsx marks <html> `cookie-ok` before
  // the first paint (the `cookie-ok:hidden` below), and it is removed here.
  const [visible, setVisible] = useState(true);
  useEffect(() => setVisible(!readAccepted()), []);

  if (!visible) return null;

  const accept = () => {
    try {
      localStorage.setItem(COOKIE_NOTICE_KEY, 'shown');
    } catch (error) {
      console.warn('Nie udało się zapisać zgody na pliki cookie', error);
    }
    setVisible(false);
  };

  return (
    <section
      aria-label="Informacja o plikach cookie"
      data-cookie-notice
      className="cookie-ok:hidden fixed inset-x-3 bottom-3 z-[60] mx-auto max-w-2xl rounded-2xl border border-slate-900/10 bg-white/90 p-4 shadow-2xl backdrop-blur-md sm:flex sm:items-center sm:gap-4 dark:border-white/15 dark:bg-slate-900/90"
    >
      <p className="text-sm text-slate-700 dark:text-slate-200">
        Używamy wyłącznie niezbędnych plików cookie i pamięci przeglądarki, aby strona działała
        poprawnie (logowanie, motyw, ta informacja).{' '}
        <Link
          to={{ pathname: '/terms-and-conditions', hash: '#cookies' }}
          className="cursor-target font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300"
        >
          Polityka plików cookie
        </Link>
      </p>
      <button
        type="button"
        onClick={accept}
        className="cursor-target mt-3 w-full shrink-0 rounded-full bg-blue-600 px-5 py-2 text-sm font-semibold text-white hover:bg-blue-500 sm:mt-0 sm:w-auto"
      >
        Kontynuuj
      </button>
    </section>
  );
}

import { secondaryButtonClass } from './styles';

/** What an empty answer to a search says (DESIGN.md §7.8), with the way back to the whole list. */
export function NoSearchResults({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <div data-testid="no-search-results" className="flex flex-col gap-2 px-1 py-4 text-sm">
      <p className="font-semibold text-slate-900 [overflow-wrap:anywhere] dark:text-white">
        Brak wyników dla „{query}”
      </p>
      <p className="text-slate-600 dark:text-slate-300">
        Sprawdź pisownię albo wpisz mniej słów. Szukamy też odmian słów, więc wystarczy jedna forma.
      </p>
      <button type="button" onClick={onClear} className={`${secondaryButtonClass} self-start`}>
        Wyczyść wyszukiwanie
      </button>
    </div>
  );
}

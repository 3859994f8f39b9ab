import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParamsWriter } from './use-search-params-writer';

/** Typing in the search asks the server once the typist pauses, not per key. */
export const SEARCH_DELAY_MS = 250;

/** The search as the address keeps it: trimmed, and absent when empty. */
export const SEARCH_PARAM = 'q';

/**
 * The ticket search of the Kontakt screen (DESIGN.md §7.8), staff's and the
 * customer's alike: what the field shows, and what the list was asked for,
 * which is `?q=` of the address, written once the typist pauses. So a reload,
 * a link or a change of `?ticket=` keeps the search, and Back/Forward bring
 * the field along with the address.
 */
export function useSearchQuery() {
  const [searchParams, writeParams] = useSearchParamsWriter();
  const search = (searchParams.get(SEARCH_PARAM) ?? '').trim();
  const [text, setText] = useState(search);
  // What this hook last wrote into the address: that change comes from typing, and the
  // field may already hold more keys typed while the address was being updated.
  const written = useRef(search);

  // The address changed without typing (Back, a link): the field follows it.
  const [searchSeen, setSearchSeen] = useState(search);
  if (search !== searchSeen) {
    setSearchSeen(search);
    if (search !== written.current && search !== text.trim()) setText(search);
  }

  const writeSearch = useCallback(
    (value: string) => {
      written.current = value;
      writeParams((next) => {
        if (value) next.set(SEARCH_PARAM, value);
        else next.delete(SEARCH_PARAM);
      });
    },
    [writeParams],
  );

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === search) return;
    const timer = setTimeout(() => writeSearch(wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search, writeSearch]);

  /** „Wyczyść wyszukiwanie”: at once, no pause to wait for. */
  const clear = useCallback(() => {
    setText('');
    writeSearch('');
  }, [writeSearch]);

  return {
    /** What the search field shows. */
    text,
    setText,
    /** What the list was asked for (after the pause); empty without a search. */
    search,
    clear,
  };
}

export type SearchQuery = ReturnType<typeof useSearchQuery>;

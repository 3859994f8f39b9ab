import { useEffect, useState } from 'react';
import { useTicketViews } from '../api/get-ticket-views';
import { DEFAULT_STAFF_VIEW, type StaffView } from '../lib/staff-views';

/** Typing in the search asks the server once the typist pauses, not per key. */
const SEARCH_DELAY_MS = 250;

/**
 * The staff list's chosen view, its search text and the counts of every view
 * for that search (they live under the list key, so they refresh with it).
 */
export function useStaffListState({ enabled }: { enabled: boolean }) {
  const [view, setView] = useState<StaffView>(DEFAULT_STAFF_VIEW);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const counts = useTicketViews({ enabled, search });

  return {
    view,
    setView,
    /** What the search field shows. */
    searchText,
    setSearchText,
    /** What the list was asked for (after the pause). */
    search,
    counts: counts.data ?? null,
  };
}

export type StaffListState = ReturnType<typeof useStaffListState>;

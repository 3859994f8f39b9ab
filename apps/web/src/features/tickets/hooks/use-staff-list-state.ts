import { useState } from 'react';
import { useTicketViews } from '../api/get-ticket-views';
import { DEFAULT_STAFF_VIEW, type StaffView } from '../lib/staff-views';

/**
 * The staff list's chosen view and the counts of every view for the current
 * search (they live under the list key, so they refresh with it). The search
 * itself is `use-search-query`'s, shared with the customer's list.
 */
export function useStaffListState({ enabled, search }: { enabled: boolean; search: string }) {
  const [view, setView] = useState<StaffView>(DEFAULT_STAFF_VIEW);
  const counts = useTicketViews({ enabled, search });

  return {
    view,
    setView,
    counts: counts.data ?? null,
  };
}

export type StaffListState = ReturnType<typeof useStaffListState>;

import { useState } from 'react';
import { useTicketViews } from '../api/get-ticket-views';
import type { ListSort } from '../lib/list-sort';
import { DEFAULT_STAFF_VIEW, type StaffView } from '../lib/staff-views';

/**
 * The staff list's chosen view and the counts of every view for the current
 * search (they live under the list key, so they refresh with it). The search
 * itself is `use-search-query`'s, shared with the customer's list.
 */
export function useStaffListState({ enabled, search }: { enabled: boolean; search: string }) {
  const [view, setView] = useState<StaffView>(DEFAULT_STAFF_VIEW);
  // The sorted column (issue 31); `null` is the view's own order.
  const [sort, setSort] = useState<ListSort | null>(null);
  const counts = useTicketViews({ enabled, search });

  return {
    view,
    setView,
    sort,
    setSort,
    counts: counts.data ?? null,
  };
}

export type StaffListState = ReturnType<typeof useStaffListState>;

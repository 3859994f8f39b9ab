import { type StaffListAnswer, StaffListAnswerSchema } from '@studio/shared/staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export type StaffMember = StaffListAnswer['staff'][number];

export const staffListKey = ['tickets', 'staff-list'] as const;

/** `GET /api/admin/staff` (admins only): every admin, for the assignment list. */
export async function getStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  const raw = await api.get<unknown>('/api/admin/staff', signal ? { signal } : {});
  return StaffListAnswerSchema.parse(raw).staff;
}

export function useStaffList(enabled: boolean) {
  return useQuery({
    queryKey: staffListKey,
    queryFn: ({ signal }) => getStaff(signal),
    enabled,
    // Admins change rarely; the list is fetched once per screen visit.
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });
}

import { type BusinessHours, BusinessHoursSchema } from '@studio/shared/business-hours';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { ticketsQueryKey } from './get-tickets';

export const businessHoursKey = ['admin', 'business-hours'] as const;

/** `GET /api/admin/business-hours` (admins, DESIGN.md §7.9). */
export async function getBusinessHours(signal?: AbortSignal): Promise<BusinessHours> {
  return BusinessHoursSchema.parse(
    await api.get<unknown>('/api/admin/business-hours', signal ? { signal } : {}),
  );
}

/** `PUT /api/admin/business-hours` → the settings as stored. */
export async function saveBusinessHours(body: BusinessHours): Promise<BusinessHours> {
  return BusinessHoursSchema.parse(await api.put<unknown>('/api/admin/business-hours', body));
}

export function useBusinessHours({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: businessHoursKey,
    queryFn: ({ signal }) => getBusinessHours(signal),
    enabled,
    retry: 1,
  });
}

export function useSaveBusinessHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessHours,
    onSuccess: (saved) => {
      queryClient.setQueryData(businessHoursKey, saved);
      // Due times of waiting tickets were counted again: the list and its tabs reload.
      void queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
    },
  });
}

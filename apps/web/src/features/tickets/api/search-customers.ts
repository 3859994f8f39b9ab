import { type CustomerMatch, CustomerSearchAnswerSchema } from '@studio/shared/callers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

/** `GET /api/admin/customers?q=` (staff): the picker of a ticket for a caller (DESIGN.md §7.9). */
export async function searchCustomers(
  text: string,
  signal?: AbortSignal,
): Promise<CustomerMatch[]> {
  const raw = await api.get<unknown>(
    `/api/admin/customers?q=${encodeURIComponent(text)}`,
    signal ? { signal } : {},
  );
  return CustomerSearchAnswerSchema.parse(raw).customers;
}

export function useCustomerSearch(text: string) {
  return useQuery({
    queryKey: ['tickets', 'customer-search', text] as const,
    queryFn: ({ signal }) => searchCustomers(text, signal),
    enabled: text !== '',
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

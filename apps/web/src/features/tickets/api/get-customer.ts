import { type CustomerPanelAnswer, CustomerPanelAnswerSchema } from '@studio/shared/staff';
import { useQuery } from '@tanstack/react-query';
import { api } from '~/lib/api-client';

export type Customer = CustomerPanelAnswer['customer'];

export const customerKey = (customerId: number) => ['tickets', 'customer', customerId] as const;

/** `GET /api/admin/customers/:id` (admins only): the panel beside a staff member's thread. */
export async function getCustomer(customerId: number, signal?: AbortSignal): Promise<Customer> {
  const raw = await api.get<unknown>(
    `/api/admin/customers/${customerId}`,
    signal ? { signal } : {},
  );
  return CustomerPanelAnswerSchema.parse(raw).customer;
}

export function useCustomer(customerId: number | null) {
  return useQuery({
    queryKey: customerKey(customerId ?? 0),
    queryFn: ({ signal }) => getCustomer(customerId ?? 0, signal),
    enabled: customerId !== null && customerId > 0,
    retry: 1,
  });
}

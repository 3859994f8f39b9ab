import {
  type ResetSecondFactorsAnswer,
  ResetSecondFactorsAnswerSchema,
  type ResetSecondFactorsBody,
} from '@studio/shared/account-lock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '~/lib/api-client';
import { type Customer, customerKey } from './get-customer';

/**
 * `POST /api/admin/customers/:id/reset-2fa {confirm}` (admins): turns off every
 * second factor of a locked-out customer, ends their sessions and mails them.
 * `confirm` is the customer's username or e-mail as the staff member typed it.
 */
export async function resetSecondFactors({
  customerId,
  confirm,
}: {
  customerId: number;
  confirm: string;
}): Promise<ResetSecondFactorsAnswer> {
  const body: ResetSecondFactorsBody = { confirm };
  const raw = await api.post<unknown>(`/api/admin/customers/${customerId}/reset-2fa`, body);
  return ResetSecondFactorsAnswerSchema.parse(raw);
}

export function useResetSecondFactors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSecondFactors,
    onSuccess: ({ second_factors }, { customerId }) => {
      // The panel shows the new state at once; e-mail codes are part of it.
      queryClient.setQueryData<Customer>(customerKey(customerId), (old) =>
        old ? { ...old, second_factors, mfa_enabled: second_factors.email_codes } : old,
      );
      void queryClient.invalidateQueries({ queryKey: customerKey(customerId) });
    },
  });
}

import { type FormEvent, useId, useRef, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { TextField } from '~/components/form/text-field';
import { errorMessage } from '~/lib/error-messages';
import { secondFactorNames } from '~/lib/second-factors';
import { toast } from '~/lib/toast';
import type { Customer } from '../api/get-customer';
import { useResetSecondFactors } from '../api/reset-second-factors';
import { dangerButtonClass, secondaryButtonClass } from './styles';

export const RESET_SECOND_FACTORS_DONE =
  'Drugi składnik zresetowany. Klient dostał e-mail i został wylogowany ze wszystkich urządzeń.';

/**
 * What the typed confirmation names: the customer's username or e-mail as
 * stored (letter case aside, as at sign-in), or null while it matches neither.
 */
export function confirmedCustomerName(
  typed: string,
  customer: Pick<Customer, 'username' | 'email'>,
): string | null {
  const value = typed.trim().toLocaleLowerCase('pl');
  if (!value) return null;
  if (value === customer.username.toLocaleLowerCase('pl')) return customer.username;
  if (value === customer.email.toLocaleLowerCase('pl')) return customer.email;
  return null;
}

/**
 * „Resetuj drugi składnik” (issue 28): a way back for an owner locked out of
 * their own account. The staff member types the customer's username or
 * e-mail, so a reset never happens by a stray click.
 */
export function ResetSecondFactorsDialog({
  open,
  customer,
  onClose,
}: {
  open: boolean;
  customer: Customer;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const reset = useResetSecondFactors();
  const confirmed = confirmedCustomerName(typed, customer);

  const close = () => {
    if (reset.isPending) return;
    setTyped('');
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed === null || reset.isPending) return;
    reset.mutate(
      { customerId: customer.id, confirm: confirmed },
      {
        onSuccess: () => {
          toast.success(RESET_SECOND_FACTORS_DONE);
          setTyped('');
          onClose();
        },
        onError: (cause) => toast.error(errorMessage('resetSecondFactors', cause)),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      labelledBy={titleId}
      describedBy={textId}
      role="alertdialog"
      initialFocus={fieldRef}
      className="w-full max-w-md p-5 sm:p-6"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <h2 id={titleId} className="text-xl font-bold">
          Resetuj drugi składnik
        </h2>
        <div id={textId} className="space-y-2 text-slate-700 dark:text-slate-300">
          <p>
            Wyłączymy u klienta <strong className="break-all">{customer.username}</strong>{' '}
            {secondFactorNames(customer.second_factors)}, usuniemy kody zapasowe i wylogujemy go ze
            wszystkich urządzeń. Dostanie o tym e-mail.
          </p>
          <p>
            Zrób to tylko wtedy, gdy masz pewność, że piszesz z właścicielem konta. Aby potwierdzić,
            wpisz nazwę użytkownika albo adres e-mail klienta.
          </p>
        </div>
        <TextField
          ref={fieldRef}
          label="Nazwa użytkownika lub e-mail klienta"
          name="confirm-customer"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={close}
            disabled={reset.isPending}
            className={secondaryButtonClass}
          >
            Anuluj
          </button>
          <button
            type="submit"
            disabled={confirmed === null || reset.isPending}
            aria-busy={reset.isPending || undefined}
            className={dangerButtonClass}
          >
            {reset.isPending ? 'Resetowanie…' : 'Resetuj drugi składnik'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

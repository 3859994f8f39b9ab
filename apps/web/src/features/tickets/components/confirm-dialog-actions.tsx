import type { RefObject } from 'react';
import { dangerButtonClass, secondaryButtonClass } from './styles';

/**
 * The two buttons under a question that removes something („Do kosza”,
 * „Odbierz uprawnienia”): Anuluj, which the dialog focuses first so Enter
 * right after opening changes nothing, and the red confirmation. Both wait
 * while the change is on its way.
 */
export function ConfirmDialogActions({
  cancelRef,
  onCancel,
  onConfirm,
  isPending,
  confirmLabel,
  pendingLabel,
}: {
  cancelRef: RefObject<HTMLButtonElement | null>;
  onCancel: () => void;
  onConfirm: () => void;
  isPending: boolean;
  confirmLabel: string;
  pendingLabel: string;
}) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button
        ref={cancelRef}
        type="button"
        onClick={onCancel}
        disabled={isPending}
        className={secondaryButtonClass}
      >
        Anuluj
      </button>
      <button type="button" onClick={onConfirm} disabled={isPending} className={dangerButtonClass}>
        {isPending ? pendingLabel : confirmLabel}
      </button>
    </div>
  );
}

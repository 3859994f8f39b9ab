import { type ReactNode, useId, useRef } from 'react';
import { Dialog } from '~/components/dialog';
import { dangerButtonClass, secondaryButtonClass } from './styles';

/**
 * A question before something is removed („Przenieść mail do kosza?”,
 * „Odebrać uprawnienia?”). Anuluj gets focus, so Enter right after opening
 * changes nothing; while the change is on its way neither button nor Escape
 * closes the dialog.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  isPending,
  confirmLabel,
  pendingLabel,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  /** What will happen, read with the question. */
  children: ReactNode;
  isPending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!isPending) onCancel();
      }}
      labelledBy={titleId}
      describedBy={textId}
      role="alertdialog"
      initialFocus={cancelRef}
      className="w-full max-w-md p-6"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      <div id={textId} className="mt-3 flex flex-col gap-2 text-slate-700 dark:text-slate-300">
        {children}
      </div>
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
        <button
          type="button"
          onClick={onConfirm}
          disabled={isPending}
          className={dangerButtonClass}
        >
          {isPending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

import { useId, useRef } from 'react';
import { Dialog } from '~/components/dialog';
import { DELETE_DIALOG_TEXT, DELETE_DIALOG_TITLE } from '../lib/messages';
import { dangerButtonClass, secondaryButtonClass } from './styles';

export function DeleteTicketDialog({
  open,
  isDeleting,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  // The safe choice gets focus: Enter right after opening must not delete anything.
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!isDeleting) onCancel();
      }}
      labelledBy={titleId}
      describedBy={textId}
      role="alertdialog"
      initialFocus={cancelRef}
      className="w-full max-w-md p-6"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {DELETE_DIALOG_TITLE}
      </h2>
      <p id={textId} className="mt-3 text-slate-700 dark:text-slate-300">
        {DELETE_DIALOG_TEXT}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          disabled={isDeleting}
          className={secondaryButtonClass}
        >
          Anuluj
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={isDeleting}
          className={dangerButtonClass}
        >
          {isDeleting ? 'Usuwanie…' : 'Usuń'}
        </button>
      </div>
    </Dialog>
  );
}

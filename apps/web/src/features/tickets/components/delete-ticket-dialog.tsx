import { DELETE_DIALOG_TEXT, DELETE_DIALOG_TITLE } from '../lib/messages';
import { ConfirmDialog } from './confirm-dialog';

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
  return (
    <ConfirmDialog
      open={open}
      title={DELETE_DIALOG_TITLE}
      isPending={isDeleting}
      confirmLabel="Usuń"
      pendingLabel="Usuwanie…"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>{DELETE_DIALOG_TEXT}</p>
    </ConfirmDialog>
  );
}

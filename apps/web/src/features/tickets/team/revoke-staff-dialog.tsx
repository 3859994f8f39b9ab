import type { TeamMember } from '@studio/shared/team';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Dialog } from '~/components/dialog';
import { errorMessage } from '~/lib/error-messages';
import { useRevokeStaffRights } from '../api/revoke-staff-rights';
import { ConfirmDialogActions } from '../components/confirm-dialog-actions';

/**
 * „Odbierz uprawnienia” asks first: the person loses the staff view at once
 * (their open pages too, on the next request) and gets an e-mail about it.
 */
export function RevokeStaffDialog({
  member,
  onClose,
  onDone,
}: {
  /** Whose rights to take away; null while the dialog is closed. */
  member: TeamMember | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  // The safe choice gets focus: Enter right after opening must not remove anyone.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const revoke = useRevokeStaffRights();

  async function confirm() {
    if (!member) return;
    try {
      await revoke.mutateAsync({ memberId: member.id });
      toast.success(`${member.username} nie ma już uprawnień zespołu.`);
      onDone();
    } catch (error) {
      toast.error(errorMessage('teamRevoke', error));
      onClose();
    }
  }

  return (
    <Dialog
      open={member !== null}
      onClose={() => {
        if (!revoke.isPending) onClose();
      }}
      labelledBy={titleId}
      describedBy={textId}
      role="alertdialog"
      initialFocus={cancelRef}
      className="w-full max-w-md p-6"
    >
      <h2 id={titleId} className="text-xl font-bold">
        Odebrać uprawnienia?
      </h2>
      {member && (
        <div id={textId} className="mt-3 flex flex-col gap-2 text-slate-700 dark:text-slate-300">
          <p>
            <strong className="break-all">{member.username}</strong> (
            <span className="break-all">{member.email}</span>) przestanie widzieć zgłoszenia
            klientów od razu, także na otwartych stronach. Konto i własne zgłoszenia zostaną.
          </p>
          <p>Ta osoba dostanie o tym e-mail. Uprawnienia można później nadać ponownie.</p>
        </div>
      )}
      <ConfirmDialogActions
        cancelRef={cancelRef}
        onCancel={onClose}
        onConfirm={() => void confirm()}
        isPending={revoke.isPending}
        confirmLabel="Odbierz uprawnienia"
        pendingLabel="Odbieranie…"
      />
    </Dialog>
  );
}

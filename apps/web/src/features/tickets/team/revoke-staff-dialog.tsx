import type { TeamMember } from '@studio/shared/team';
import { errorMessage } from '~/lib/error-messages';
import { toast } from '~/lib/toast';
import { useRevokeStaffRights } from '../api/revoke-staff-rights';
import { ConfirmDialog } from '../components/confirm-dialog';

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
    <ConfirmDialog
      open={member !== null}
      title="Odebrać uprawnienia?"
      isPending={revoke.isPending}
      confirmLabel="Odbierz uprawnienia"
      pendingLabel="Odbieranie…"
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      {member && (
        <>
          <p>
            <strong className="break-all">{member.username}</strong> (
            <span className="break-all">{member.email}</span>) przestanie widzieć zgłoszenia
            klientów od razu, także na otwartych stronach. Konto i własne zgłoszenia zostaną.
          </p>
          <p>Ta osoba dostanie o tym e-mail. Uprawnienia można później nadać ponownie.</p>
        </>
      )}
    </ConfirmDialog>
  );
}

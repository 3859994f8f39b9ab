import type { StaffWorkspace } from '../hooks/use-staff-workspace';
import { SavedRepliesManager } from './saved-replies-manager';
import { SavedReplyPicker } from './saved-reply-picker';
import { ShortcutsDialog } from './shortcuts-dialog';

/** The staff screen's dialogs; one is open at a time. */
export function StaffDialogs({ staff }: { staff: StaffWorkspace }) {
  return (
    <>
      <SavedReplyPicker
        open={staff.dialog === 'picker'}
        onClose={staff.closeDialog}
        onPick={staff.insertReply}
        onManage={staff.openManager}
      />
      <SavedRepliesManager open={staff.dialog === 'manager'} onClose={staff.closeDialog} />
      <ShortcutsDialog open={staff.dialog === 'help'} onClose={staff.closeDialog} />
    </>
  );
}

import { type RefObject, useRef, useState } from 'react';
import type { SavedReply } from '../api/get-saved-replies';
import type { ComposerHandle } from '../components/composer';
import { fillPlaceholders } from '../lib/saved-reply-text';
import type { TicketSummary } from '../lib/selection';
import { neighbourId } from '../lib/staff-shortcuts';
import { useStaffShortcuts } from './use-staff-shortcuts';
import type { TicketEditing } from './use-ticket-editing';

/**
 * Staff's side of the Kontakt screen (issue 17): reply or note, the saved
 * replies picker and manager, the shortcuts dialog and the one-key shortcuts.
 * Off for customers.
 */
export function useStaffWorkspace({
  enabled,
  myId,
  tickets,
  selectedTicket,
  select,
  composerRef,
  setStatus,
  editing,
}: {
  enabled: boolean;
  myId: number;
  tickets: readonly TicketSummary[];
  selectedTicket: TicketSummary | null;
  select: (id: number) => void;
  composerRef: RefObject<ComposerHandle | null>;
  setStatus: (status: TicketSummary['status']) => void;
  editing: TicketEditing;
}) {
  const searchRef = useRef<HTMLInputElement>(null);
  // Per ticket: opening another one starts in reply mode again, so a note is always a choice.
  const [noteFor, setNoteFor] = useState<number | null>(null);
  const isNote = enabled && selectedTicket !== null && noteFor === selectedTicket.id;
  const [dialog, setDialog] = useState<'picker' | 'manager' | 'help' | null>(null);

  const setNote = (note: boolean) => setNoteFor(note && selectedTicket ? selectedTicket.id : null);
  const write = (note: boolean) => {
    if (!selectedTicket) return;
    setNote(note);
    composerRef.current?.focus();
  };
  const step = (direction: 1 | -1) => {
    const id = neighbourId(
      tickets.map((t) => t.id),
      selectedTicket?.id ?? null,
      direction,
    );
    if (id !== null && id !== selectedTicket?.id) select(id);
  };

  useStaffShortcuts(enabled, {
    next: () => step(1),
    previous: () => step(-1),
    reply: () => write(false),
    note: () => write(true),
    toggleStatus: () => {
      if (selectedTicket) setStatus(selectedTicket.status === 'open' ? 'closed' : 'open');
    },
    assignToMe: () => editing.assign(myId),
    search: () => searchRef.current?.focus(),
    help: () => setDialog('help'),
  });

  const insertReply = (reply: SavedReply) => {
    setDialog(null);
    if (!selectedTicket) return;
    const text = fillPlaceholders(reply.body, {
      username: selectedTicket.username,
      seq: selectedTicket.seq,
    });
    // After the dialog has given focus back, so the insert lands at the cursor and stays focused.
    setTimeout(() => composerRef.current?.insertText(text), 0);
  };

  return {
    searchRef,
    isNote,
    setNote,
    dialog,
    openPicker: () => setDialog('picker'),
    openManager: () => setDialog('manager'),
    openHelp: () => setDialog('help'),
    closeDialog: () => setDialog(null),
    insertReply,
  };
}

export type StaffWorkspace = ReturnType<typeof useStaffWorkspace>;

import { type RefObject, useEffect, useRef, useState } from 'react';
import type { SavedReply } from '../api/get-saved-replies';
import type { ComposerHandle } from '../components/composer';
import { fillPlaceholders } from '../lib/saved-reply-text';
import type { TicketSummary } from '../lib/selection';
import { neighbourId, type ShortcutAction } from '../lib/staff-shortcuts';
import { ticketNumberOf } from '../lib/ticket-label';
import { useStaffShortcuts } from './use-staff-shortcuts';
import type { TicketEditing } from './use-ticket-editing';

/**
 * Staff's side of the Kontakt screen (issue 17): reply or note, the saved
 * replies picker and manager, the shortcuts dialog and the one-key shortcuts.
 * Off for customers.
 */
export function useStaffWorkspace({
  enabled,
  isReady,
  myId,
  myName,
  tickets,
  selectedTicket,
  select,
  composerRef,
  setStatus,
  editing,
}: {
  enabled: boolean;
  /** The list has loaded: a shortcut pressed before waits for it instead of being lost. */
  isReady: boolean;
  myId: number;
  /** Fills `{agent}` in saved replies. */
  myName: string;
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
  // Where the open ticket stood in the list, kept while it is listed: once it
  // leaves (closed in a view of open tickets), `j`/`k` go on from there.
  const position = useRef<{ id: number; index: number } | null>(null);
  const listedAt = selectedTicket ? tickets.findIndex((t) => t.id === selectedTicket.id) : -1;
  if (selectedTicket && listedAt !== -1)
    position.current = { id: selectedTicket.id, index: listedAt };
  const step = (direction: 1 | -1) => {
    const current = selectedTicket?.id ?? null;
    const former = position.current?.id === current ? (position.current?.index ?? null) : null;
    const id = neighbourId(
      tickets.map((t) => t.id),
      current,
      direction,
      former,
    );
    if (id !== null && id !== current) select(id);
  };

  const handlers: Record<ShortcutAction, () => void> = {
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
  };
  // A key pressed while the list loads is kept (the last one) and applied once it is
  // there (issue 31); the search field and the help need no list and act at once.
  const pending = useRef<ShortcutAction | null>(null);
  // Ready once is ready for good: a later reload of the list must not hold keys back.
  const wasReady = useRef(false);
  if (isReady) wasReady.current = true;
  const whenReady = (action: ShortcutAction) => () => {
    if (wasReady.current || action === 'search' || action === 'help') handlers[action]();
    else pending.current = action;
  };
  useStaffShortcuts(
    enabled,
    Object.fromEntries(
      (Object.keys(handlers) as ShortcutAction[]).map((action) => [action, whenReady(action)]),
    ),
  );
  useEffect(() => {
    if (!wasReady.current || pending.current === null) return;
    const action = pending.current;
    pending.current = null;
    handlers[action]();
  });

  const insertReply = (reply: SavedReply) => {
    setDialog(null);
    if (!selectedTicket) return;
    const text = fillPlaceholders(reply.body, {
      username: selectedTicket.username,
      number: ticketNumberOf(selectedTicket),
      contactName: selectedTicket.contact_name ?? null,
      agent: myName,
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
    /** „Wyślij i następne”: the ticket after this one in the list, as `j`. */
    openNext: () => step(1),
    closeDialog: () => setDialog(null),
    insertReply,
  };
}

export type StaffWorkspace = ReturnType<typeof useStaffWorkspace>;

import type { PublicUser } from '@studio/shared/types';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { EmailBouncingBanner } from '~/components/email-bouncing-banner';
import { useMediaQuery } from '~/lib/use-media-query';
import { useAssigneeOptions } from '../hooks/use-assignee-options';
import { useCompletedFetches } from '../hooks/use-completed-fetches';
import { useDeepLinkedTicket } from '../hooks/use-deep-linked-ticket';
import { useListWidth } from '../hooks/use-list-width';
import { useMessageJump } from '../hooks/use-message-jump';
import { useOpenTicket } from '../hooks/use-open-ticket';
import { usePageFileDrop } from '../hooks/use-page-file-drop';
import { usePresenceReporting } from '../hooks/use-presence-reporting';
import { useReadState } from '../hooks/use-read-state';
import { useReplyCollision } from '../hooks/use-reply-collision';
import { useStaffParts } from '../hooks/use-staff-parts';
import { useStaffWorkspace } from '../hooks/use-staff-workspace';
import { useThreadMessages } from '../hooks/use-thread-messages';
import { useTicketAdminActions } from '../hooks/use-ticket-admin-actions';
import { useTicketEditing } from '../hooks/use-ticket-editing';
import { useTicketList } from '../hooks/use-ticket-list';
import { useTicketNavigation } from '../hooks/use-ticket-navigation';
import { useTicketStreams } from '../hooks/use-ticket-streams';
import { useUnreadIndicators } from '../hooks/use-unread-indicators';
import { useUnreadTotal } from '../hooks/use-unread-total';
import { listLoadErrorText } from '../lib/list-load-error';
import { nextSort } from '../lib/list-sort';
import { NEW_TICKET_LABEL } from '../lib/messages';
import { DRAFT_TICKET_ID, type SelectedId } from '../lib/selection';
import { ticketLabel } from '../lib/ticket-label';
import { useScreenHydrated } from '../lib/until-hydrated';
import { CustomerTicketRating } from '../ratings/ticket-rating';
import type { NewTicketCustomer } from './caller-customer-picker';
import { Composer, type ComposerHandle } from './composer';
import { CustomerSearchField } from './customer-search-field';
import { DeleteTicketDialog } from './delete-ticket-dialog';
import { DropOverlay } from './drop-overlay';
import { MarkUnreadButton } from './mark-unread-button';
import { MessageThread } from './message-thread';
import {
  AdminClosedTicketNotice,
  ClosedTicketNotice,
  DraftIntro,
  NoTicketChosen,
  ThreadPanel,
} from './thread-panel';
import { TicketHeader } from './ticket-header';
import { TicketHeaderExtras } from './ticket-header-extras';
import { NewTicketButton } from './ticket-list';
import { TicketListPanel } from './ticket-list-panel';
import { TicketsScreenHeader } from './tickets-screen-header';

/** Tailwind's `lg`: from here the panes stand side by side. */
const WIDE_QUERY = '(min-width: 1024px)';

// Staff's dialogs (saved replies, shortcuts) are loaded only for staff: customers never need them.
const StaffDialogs = lazy(() =>
  import('./staff-dialogs').then((m) => ({ default: m.StaffDialogs })),
);

/**
 * The logged-in Kontakt screen: ticket list, thread and composer (SPEC.md §2).
 * It only wires the hooks that hold the state to the components that show it.
 */
export function TicketsScreen({ user }: { user: PublicUser }) {
  const isAdmin = user.is_admin;
  // Staff's parts of the screen (null for a customer, who never downloads them).
  const parts = useStaffParts(isAdmin);
  // A server-rendered screen takes input from here on (until-hydrated.tsx).
  useScreenHydrated();
  const list = useTicketList({ isStaff: isAdmin });
  const listFetches = useCompletedFetches(list.query.isFetching);
  const deepLink = useDeepLinkedTicket({
    listed: list.tickets,
    isListReady: list.isReady,
    filter: list.filter,
    listFetches,
  });
  const open = useOpenTicket({
    tickets: deepLink.tickets,
    isListReady: list.isReady && !deepLink.isResolving,
    userId: user.id,
    // Staff open tickets themselves (issue 31): nothing opens, or is marked read, for them.
    opensByItself: !isAdmin,
  });
  const { selectedId, selectedTicket, isDraft } = open;
  // A search shows its results only; the open ticket stays open (pinned) without joining them.
  const shownTickets = list.search.search ? list.tickets : open.tickets;

  const thread = useThreadMessages(selectedTicket ? selectedTicket.id : null);
  const readState = useReadState(selectedTicket ? selectedTicket.id : null);
  const messagesQuery = thread.newestQuery;
  const jump = useMessageJump({
    ticketId: selectedTicket ? selectedTicket.id : null,
    messages: thread.messages,
    isThreadPending: messagesQuery.isPending,
    isThreadError: messagesQuery.isError,
    older: thread.older,
  });
  const threadFetches = useCompletedFetches(messagesQuery.isFetching);
  const unread = useUnreadTotal({ tickets: open.tickets, listFetches, threadFetches });
  useUnreadIndicators(unread);
  useTicketStreams({ enabled: true, ticketId: selectedTicket?.id ?? null });
  const admin = useTicketAdminActions({ ticket: selectedTicket, onDeleted: open.clearAfterDelete });
  const navigation = useTicketNavigation({
    select: open.select,
    startDraft: open.startDraft,
    filter: list.filter,
    setFilter: list.setFilter,
  });
  // Counts confirmed sends, so the thread scrolls down to the writer's own message.
  const [sentCount, setSentCount] = useState(0);
  // Staff's „Nowe zgłoszenie” is for a customer (DESIGN.md §7.9), picked above the composer.
  const [callerCustomer, setCallerCustomer] = useState<NewTicketCustomer | null>(null);

  const composerRef = useRef<ComposerHandle>(null);
  const me = { id: user.id, username: user.username };
  const editing = useTicketEditing({ ticket: selectedTicket });
  const assigneeOptions = useAssigneeOptions({
    enabled: isAdmin,
    isShown: selectedTicket !== null,
    me,
    tickets: open.tickets,
    messages: thread.messages,
  });
  const staff = useStaffWorkspace({
    enabled: isAdmin,
    // Listed, and a deep link's ticket opened (staff get none opened by itself, issue 31).
    isReady:
      list.isReady &&
      !deepLink.isResolving &&
      (selectedTicket !== null ||
        open.requested === null ||
        !open.tickets.some((t) => t.id === open.requested)),
    myId: user.id,
    myName: user.username,
    // j/k walk the list as shown.
    tickets: shownTickets,
    selectedTicket,
    select: navigation.openTicket,
    composerRef,
    setStatus: admin.setStatus,
    editing,
  });
  const canWrite =
    isDraft || (selectedTicket !== null && (selectedTicket.status === 'open' || isAdmin));
  const { isDragging } = usePageFileDrop({
    enabled: canWrite,
    onFiles: (files) => composerRef.current?.addDroppedFiles(files),
  });

  const messages = messagesQuery.isError ? [] : thread.messages;
  // Presence (issue 31): staff say which ticket they have open, and are warned of a colleague's reply.
  const presence = usePresenceReporting({
    ticketId: isAdmin ? (selectedTicket?.id ?? null) : null,
  });
  const replyGuard = useReplyCollision({
    enabled: isAdmin,
    ticketId: selectedTicket?.id ?? null,
    myId: user.id,
    messages,
  });
  // Staff's panes (issue 31): list | separator | thread | customer on a wide screen; on a
  // phone one at a time, list → thread → customer, each with its way back.
  const listPaneId = useId();
  const listWidth = useListWidth();
  const isWide = useMediaQuery(WIDE_QUERY);
  const [customerOpenFor, setCustomerOpenFor] = useState<SelectedId>(null);
  const setCustomerOpenOnMobile = (open: boolean) => setCustomerOpenFor(open ? selectedId : null);
  const pane =
    navigation.isListOpenOnMobile || selectedId === null
      ? 'list'
      : customerOpenFor === selectedId
        ? 'panel'
        : 'thread';
  const threadLabel = isDraft
    ? NEW_TICKET_LABEL
    : selectedTicket
      ? ticketLabel(selectedTicket)
      : 'Rozmowa';

  return (
    <>
      <TicketsScreenHeader username={user.username} isAdmin={isAdmin} />
      <EmailBouncingBanner user={user} />

      <div
        className={
          isAdmin
            ? 'flex min-h-0 flex-1 gap-2 p-2'
            : 'grid gap-4 lg:h-[calc(100dvh-14rem)] lg:min-h-[32rem] lg:grid-cols-[20rem_minmax(0,1fr)]'
        }
      >
        <div
          id={listPaneId}
          // Staff: the list's own width beside the thread (the separator's); on a phone, one pane.
          style={isAdmin && isWide ? { width: listWidth.width } : undefined}
          className={
            isAdmin
              ? `${pane === 'list' ? 'flex' : 'hidden'} min-h-0 w-full shrink-0 flex-col lg:flex`
              : 'contents'
          }
        >
          <TicketListPanel
            unread={unread}
            isOpenOnMobile={isAdmin || navigation.isListOpenOnMobile}
            hasToggle={!isAdmin}
            onToggleOpenOnMobile={navigation.toggleListOnMobile}
            filter={list.filter}
            onFilterChange={list.setFilter}
            tickets={shownTickets}
            selectedId={selectedId}
            isAdmin={isAdmin}
            isLoading={list.query.isPending}
            isError={list.query.isError}
            hasMore={list.query.hasNextPage}
            isLoadingMore={list.query.isFetchingNextPage}
            onRetry={() => void list.query.refetch()}
            onLoadMore={() => void list.query.fetchNextPage()}
            onSelect={(id, messageId) => {
              readState.release();
              navigation.openTicket(id, messageId);
            }}
            onNewTicket={navigation.openDraft}
            search={list.search.search}
            isSearchPending={list.query.isPlaceholderData}
            onClearSearch={list.search.clear}
            loadErrorMessage={listLoadErrorText(list.query.error)}
            sort={list.staff.sort}
            onSortChange={(column) => list.staff.setSort(nextSort(list.staff.sort, column))}
            footer={
              parts && !isWide ? (
                // On a phone under the list: above it, its late arrival pushed the
                // whole list down (layout shift 0.41 in the signed-in screens bench).
                <div className="pt-3">
                  <parts.FirstRunChecklist inWorkspace />
                </div>
              ) : undefined
            }
            searchField={
              isAdmin ? undefined : (
                <CustomerSearchField text={list.search.text} onTextChange={list.search.setText} />
              )
            }
            toolbar={
              parts ? (
                <parts.StaffListToolbar
                  view={list.staff.view}
                  onViewChange={list.staff.setView}
                  counts={list.staff.counts}
                  searchText={list.search.text}
                  onSearchChange={list.search.setText}
                  searchRef={staff.searchRef}
                  action={<NewTicketButton compact onClick={navigation.openDraft} />}
                />
              ) : undefined
            }
          />
        </div>
        {parts && (
          <parts.PaneSeparator
            width={listWidth.width}
            onWidthChange={listWidth.setWidth}
            controls={listPaneId}
          />
        )}

        <ThreadPanel
          label={threadLabel}
          fill={isAdmin}
          className={isAdmin ? `${pane === 'thread' ? 'flex' : 'hidden'} lg:flex` : 'flex'}
        >
          {parts && (isDraft || selectedTicket) && (
            <parts.PaneBar
              onBack={navigation.showListOnMobile}
              backLabel="Lista zgłoszeń"
              forward={
                selectedTicket
                  ? { label: 'Klient', onClick: () => setCustomerOpenOnMobile(true) }
                  : undefined
              }
            />
          )}
          {isDraft ? (
            <>
              <DraftIntro />
              {parts && (
                <parts.CallerCustomerPicker
                  customer={callerCustomer}
                  onChange={setCallerCustomer}
                />
              )}
              <MessageThread
                key="draft"
                messages={[]}
                viewerId={user.id}
                isLoading={false}
                isError={false}
                onRetry={() => undefined}
                sentCount={sentCount}
                emptyText="Napisz pierwszą wiadomość poniżej."
              />
            </>
          ) : selectedTicket ? (
            <>
              <TicketHeader
                ticket={selectedTicket}
                isAdmin={isAdmin}
                isChangingStatus={admin.isChangingStatus}
                onSetStatus={admin.setStatus}
                onDelete={admin.openDelete}
                readerActions={
                  // Only the other side's messages can be unread.
                  messages.some((m) => m.user_id !== user.id) && (
                    <MarkUnreadButton
                      compact={!isAdmin}
                      isHeld={readState.isHeldUnread}
                      onMarkUnread={() => void readState.markUnread()}
                    />
                  )
                }
                extra={
                  <>
                    <TicketHeaderExtras
                      ticket={selectedTicket}
                      isAdmin={isAdmin}
                      me={me}
                      assigneeOptions={assigneeOptions}
                      editing={editing}
                    />
                    {parts && <parts.TicketPresence ticketId={selectedTicket.id} />}
                  </>
                }
              />
              <MessageThread
                key={selectedTicket.id}
                messages={messages}
                viewerId={user.id}
                // Reading older pages up to a search hit shows as loading; the thread appears at the hit.
                isLoading={messagesQuery.isPending || jump.isJumping}
                isError={messagesQuery.isError}
                onRetry={() => void messagesQuery.refetch()}
                sentCount={sentCount}
                older={thread.older}
                onMessagesSeen={readState.onSeen}
                hit={jump.hit}
              />
            </>
          ) : (
            <>
              {parts && isWide && (
                // Beside the list, where a ticket will open: the list keeps its height (issue 31).
                <div className="shrink-0 overflow-y-auto p-3 pb-0">
                  <parts.FirstRunChecklist inWorkspace />
                </div>
              )}
              <NoTicketChosen isLoading={list.query.isPending} isStaff={isAdmin} />
            </>
          )}

          {(isDraft || selectedTicket) &&
            (canWrite ? (
              <>
                {selectedTicket?.status === 'closed' && <AdminClosedTicketNotice />}
                {parts && selectedTicket && (
                  <parts.StaffComposerBar
                    isNote={staff.isNote}
                    onNoteChange={staff.setNote}
                    onOpenReplies={staff.openPicker}
                    onShowShortcuts={staff.openHelp}
                  />
                )}
                <Composer
                  key={selectedId ?? 'none'}
                  ref={composerRef}
                  ticketId={selectedId ?? DRAFT_TICKET_ID}
                  userId={user.id}
                  username={user.username}
                  onCreated={(id) => {
                    setCallerCustomer(null);
                    navigation.openCreatedTicket(id);
                  }}
                  autoFocus={navigation.shouldFocusComposer}
                  onSent={() => setSentCount((n) => n + 1)}
                  isNote={staff.isNote}
                  customer={isAdmin && isDraft ? callerCustomer : undefined}
                  onSlashInEmpty={isAdmin && selectedTicket ? staff.openPicker : undefined}
                  thenActions={
                    isAdmin && selectedTicket?.status === 'open'
                      ? { close: () => admin.setStatus('closed'), next: staff.openNext }
                      : undefined
                  }
                  replyGuard={selectedTicket ? replyGuard : undefined}
                  onTyping={isAdmin && selectedTicket ? presence.onTyping : undefined}
                />
              </>
            ) : (
              <>
                <ClosedTicketNotice />
                {selectedTicket && <CustomerTicketRating ticketId={selectedTicket.id} />}
              </>
            ))}
        </ThreadPanel>
        {parts && selectedTicket && (
          <div
            className={`${pane === 'panel' ? 'flex' : 'hidden'} min-h-0 w-full flex-col gap-2 overflow-y-auto lg:flex lg:w-60 lg:shrink-0`}
          >
            <parts.PaneBar onBack={() => setCustomerOpenOnMobile(false)} backLabel="Rozmowa" />
            <parts.CustomerPanel
              customerId={parts.customerIdOf(selectedTicket)}
              currentTicketId={selectedTicket.id}
            />
          </div>
        )}
      </div>

      <DropOverlay visible={isDragging} />
      <DeleteTicketDialog
        open={admin.isDeleteOpen}
        isDeleting={admin.isDeleting}
        onCancel={admin.cancelDelete}
        onConfirm={admin.confirmDelete}
      />
      {isAdmin && (
        <Suspense fallback={null}>
          <StaffDialogs staff={staff} />
        </Suspense>
      )}
    </>
  );
}

import type { PublicUser } from '@studio/shared/types';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { isApiError } from '~/lib/api-client';
import { useSessionActions } from '~/lib/session';
import { useDeleteTicket } from '../api/delete-ticket';
import { useMessages } from '../api/get-messages';
import {
  flattenTickets,
  type TicketFilter,
  updateCachedTickets,
  useTickets,
} from '../api/get-tickets';
import { useUpdateTicketStatus } from '../api/update-ticket-status';
import { usePageFileDrop } from '../hooks/use-page-file-drop';
import { useTicketSelection } from '../hooks/use-ticket-selection';
import { useTicketStreams } from '../hooks/use-ticket-streams';
import { useUnreadIndicators } from '../hooks/use-unread-indicators';
import { adminActionErrorMessage, CLOSED_TICKET_MESSAGE, NEW_TICKET_LABEL } from '../lib/messages';
import { DRAFT_TICKET_ID, markReadLocally, type TicketSummary } from '../lib/selection';
import { totalUnread } from '../lib/unread';
import { Composer, type ComposerHandle } from './composer';
import { DeleteTicketDialog } from './delete-ticket-dialog';
import { DropOverlay } from './drop-overlay';
import { ChevronIcon, LockIcon } from './icons';
import { MessageThread } from './message-thread';
import { panelClass, secondaryButtonClass } from './styles';
import { TicketHeader } from './ticket-header';
import { TicketList, UnreadBadge } from './ticket-list';

/** The logged-in Kontakt screen: ticket list, thread and composer (SPEC.md §2). */
export function TicketsScreen({ user }: { user: PublicUser }) {
  const isAdmin = user.is_admin;
  const queryClient = useQueryClient();
  const { clearUser } = useSessionActions();
  const listId = useId();
  const composerRef = useRef<ComposerHandle>(null);
  const [isListOpenOnMobile, setListOpenOnMobile] = useState(false);
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [sentCount, setSentCount] = useState(0);
  // The draft's composer is replaced by the new ticket's; the writer keeps typing there.
  const focusNextComposer = useRef(false);

  const [filter, setFilter] = useState<TicketFilter>('all');
  const ticketsQuery = useTickets({ enabled: true, filter });
  // SPEC.md §8: a failed list load empties the list (the error and a retry are shown instead).
  const rawTickets = useMemo(
    () => (ticketsQuery.isError ? [] : flattenTickets(ticketsQuery.data)),
    [ticketsQuery.isError, ticketsQuery.data],
  );
  const isListReady = ticketsQuery.isSuccess && !ticketsQuery.isError;

  const { selectedId, select, startDraft, clearAfterDelete } = useTicketSelection({
    tickets: rawTickets,
    isListReady,
    userId: user.id,
  });

  // The open ticket is being read, so its unread count is zero here whatever the last list said.
  const tickets = useMemo(
    () =>
      selectedId !== null && selectedId > 0 ? markReadLocally(rawTickets, selectedId) : rawTickets,
    [rawTickets, selectedId],
  );
  const selectedTicket: TicketSummary | null =
    selectedId !== null && selectedId > 0
      ? (tickets.find((t) => t.id === selectedId) ?? null)
      : null;
  const unread = totalUnread(tickets);
  useUnreadIndicators(unread);

  // SPEC.md §4: selecting a ticket zeroes its unread count locally (in the cache too).
  useEffect(() => {
    if (selectedId !== null && selectedId > 0) {
      updateCachedTickets(queryClient, (list) => markReadLocally(list, selectedId));
    }
  }, [selectedId, queryClient]);

  // An expired session shows the login prompt instead of a broken screen.
  useEffect(() => {
    if (isApiError(ticketsQuery.error) && ticketsQuery.error.status === 401) clearUser();
  }, [ticketsQuery.error, clearUser]);

  const messagesQuery = useMessages(selectedTicket ? selectedTicket.id : null);
  useTicketStreams({ enabled: true, ticketId: selectedTicket?.id ?? null });

  const statusMutation = useUpdateTicketStatus();
  const deleteMutation = useDeleteTicket();

  const canWrite =
    selectedId === DRAFT_TICKET_ID ||
    (selectedTicket !== null && (selectedTicket.status === 'open' || isAdmin));
  const { isDragging } = usePageFileDrop({
    enabled: canWrite,
    onFiles: (files) => composerRef.current?.addDroppedFiles(files),
  });

  const onSelect = useCallback(
    (id: number) => {
      focusNextComposer.current = false;
      select(id);
      setListOpenOnMobile(false);
    },
    [select],
  );

  const onNewTicket = () => {
    focusNextComposer.current = false;
    // The new ticket is open: a list of closed ones would lose it at once.
    if (filter === 'closed') setFilter('all');
    startDraft();
    setListOpenOnMobile(false);
  };

  const onSetStatus = (status: TicketSummary['status']) => {
    if (!selectedTicket) return;
    const ticketId = selectedTicket.id;
    statusMutation.mutate(
      { ticketId, status },
      {
        onSuccess: () =>
          toast.success(
            status === 'closed' ? 'Zgłoszenie zostało zamknięte.' : 'Zgłoszenie zostało otwarte.',
          ),
        onError: (error) =>
          toast.error(adminActionErrorMessage(status === 'closed' ? 'close' : 'open', error)),
      },
    );
  };

  const onConfirmDelete = () => {
    if (!selectedTicket) return;
    deleteMutation.mutate(
      { ticketId: selectedTicket.id },
      {
        onSuccess: () => {
          setDeleteOpen(false);
          clearAfterDelete();
          toast.success('Zgłoszenie zostało usunięte.');
        },
        onError: (error) => {
          setDeleteOpen(false);
          toast.error(adminActionErrorMessage('delete', error));
        },
      },
    );
  };

  const messages = messagesQuery.isError ? [] : (messagesQuery.data ?? []);
  const isDraft = selectedId === DRAFT_TICKET_ID;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Kontakt
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Zalogowano jako{' '}
            <span className="font-medium text-slate-900 dark:text-white">{user.username}</span>
            {isAdmin && ' (administrator)'}
          </p>
        </div>
        <Link to="/profile" className={secondaryButtonClass}>
          Profil
        </Link>
      </div>

      <div className="grid gap-4 lg:h-[calc(100dvh-14rem)] lg:min-h-[32rem] lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className={`${panelClass} flex min-h-0 flex-col gap-3 p-3 sm:p-4`}>
          <button
            type="button"
            aria-expanded={isListOpenOnMobile}
            aria-controls={listId}
            onClick={() => setListOpenOnMobile((open) => !open)}
            className={`${secondaryButtonClass} w-full justify-between lg:hidden`}
          >
            <span className="flex items-center gap-2">
              Zgłoszenia ({tickets.length})
              <UnreadBadge count={unread} />
            </span>
            <ChevronIcon
              className={`size-5 transition-transform ${isListOpenOnMobile ? 'rotate-180' : ''}`}
            />
          </button>
          <TicketList
            id={listId}
            filter={filter}
            onFilterChange={setFilter}
            tickets={tickets}
            selectedId={selectedId}
            isAdmin={isAdmin}
            isLoading={ticketsQuery.isPending}
            isError={ticketsQuery.isError}
            hasMore={ticketsQuery.hasNextPage}
            isLoadingMore={ticketsQuery.isFetchingNextPage}
            onRetry={() => void ticketsQuery.refetch()}
            onLoadMore={() => void ticketsQuery.fetchNextPage()}
            onSelect={onSelect}
            onNewTicket={onNewTicket}
            isOpenOnMobile={isListOpenOnMobile}
          />
        </div>

        <section
          aria-label={
            isDraft
              ? NEW_TICKET_LABEL
              : selectedTicket
                ? `Zgłoszenie #${selectedTicket.seq}`
                : 'Rozmowa'
          }
          data-testid="ticket-thread"
          className={`${panelClass} flex h-[calc(100dvh-12rem)] min-h-[28rem] flex-col overflow-hidden lg:h-auto lg:min-h-0`}
        >
          {isDraft ? (
            <>
              <div className="border-b border-slate-200 px-4 py-3 dark:border-white/10">
                <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {NEW_TICKET_LABEL}
                </h2>
                <p className="text-xs text-slate-600 dark:text-slate-300">
                  Opisz sprawę i dołącz zrzuty ekranu lub pliki — pierwsza wiadomość utworzy
                  zgłoszenie.
                </p>
              </div>
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
                isChangingStatus={statusMutation.isPending}
                onSetStatus={onSetStatus}
                onDelete={() => setDeleteOpen(true)}
              />
              <MessageThread
                key={selectedTicket.id}
                messages={messages}
                viewerId={user.id}
                isLoading={messagesQuery.isPending}
                isError={messagesQuery.isError}
                onRetry={() => void messagesQuery.refetch()}
                sentCount={sentCount}
              />
            </>
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
              <p className="text-slate-700 dark:text-slate-300">
                {ticketsQuery.isPending
                  ? 'Wczytywanie…'
                  : 'Wybierz zgłoszenie z listy albo utwórz nowe, aby napisać do nas.'}
              </p>
            </div>
          )}

          {(isDraft || selectedTicket) &&
            (canWrite ? (
              <>
                {selectedTicket?.status === 'closed' && (
                  <p
                    role="status"
                    className="border-t border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-300/30 dark:bg-amber-400/10 dark:text-amber-100"
                  >
                    Zgłoszenie jest zamknięte. Jako administrator nadal możesz w nim pisać.
                  </p>
                )}
                <Composer
                  key={selectedId ?? 'none'}
                  ref={composerRef}
                  ticketId={selectedId ?? DRAFT_TICKET_ID}
                  username={user.username}
                  onCreated={(id) => {
                    focusNextComposer.current = true;
                    select(id);
                  }}
                  autoFocus={focusNextComposer.current}
                  onSent={() => setSentCount((n) => n + 1)}
                />
              </>
            ) : (
              <p
                role="status"
                data-testid="closed-notice"
                className="flex items-center justify-center gap-2 border-t border-slate-200 bg-slate-100/80 px-4 py-4 text-center text-sm font-medium text-slate-800 dark:border-white/10 dark:bg-white/5 dark:text-slate-100"
              >
                <LockIcon className="size-4 shrink-0" />
                {CLOSED_TICKET_MESSAGE}
              </p>
            ))}
        </section>
      </div>

      <DropOverlay visible={isDragging} />
      <DeleteTicketDialog
        open={isDeleteOpen}
        isDeleting={deleteMutation.isPending}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={onConfirmDelete}
      />
    </>
  );
}

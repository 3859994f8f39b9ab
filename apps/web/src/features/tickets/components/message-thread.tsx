import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import type { SearchHit } from '../hooks/use-message-jump';
import { useSeenMessages } from '../hooks/use-seen-messages';
import { useStepwisePrepend } from '../hooks/use-stepwise-prepend';
import type { TicketMessage } from '../lib/attachments';
import { isNearBottom } from '../lib/auto-scroll';
import { NO_MESSAGES_MESSAGE, RETRY_LABEL, THREAD_LOAD_ERROR } from '../lib/messages';
import {
  isNearTop,
  type ScrollSnapshot,
  scrollTopAfterPrepend,
  wasPrepended,
} from '../lib/thread-pages';
import { AttachmentList, type AttachmentTone } from './attachment-view';
import { CrownIcon } from './icons';
import { LinkifiedText } from './linkified-text';
import { LocalTime } from './local-time';
import { NOTE_LABEL, noteBubbleClass } from './note-style';
import { NoteTag } from './note-tag';
import { type OlderMessages, OlderMessagesLoader } from './older-messages-loader';
import { secondaryButtonClass } from './styles';
import { UnverifiedSenderTag } from './unverified-sender-tag';

function attachmentTone(message: TicketMessage, viewerId: number): AttachmentTone {
  if (message.internal) return 'otherAdmin';
  if (message.user_id === viewerId) return 'own';
  return message.is_admin ? 'otherAdmin' : 'customer';
}

/** How long a search hit stays ringed after the jump to it (DESIGN.md §7.8). */
const HIT_MARK_MS = 4000;

/**
 * Centres the message in the thread's own scroller, then lets the browser
 * bring the thread into the window if the page is scrolled away from it.
 */
function scrollToMessage(scroller: HTMLElement, item: HTMLElement) {
  const offset = item.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  const centred = scroller.scrollTop + offset - (scroller.clientHeight - item.clientHeight) / 2;
  // A message taller than the view shows its beginning.
  const top = item.clientHeight > scroller.clientHeight ? scroller.scrollTop + offset : centred;
  scroller.scrollTop = Math.max(0, top);
  item.scrollIntoView?.({ block: 'nearest' });
}

/**
 * One message. Memoised: an older page added above, a new message or a search
 * hit renders only the messages it brings or marks, not every message shown
 * (a page of 50 older ones re-rendered all of them, the one long task while
 * scrolling a long thread: issue 34, bench/README.md). The thread keeps each
 * message's object from page to page (lib/thread-pages.ts `mergeMessages`).
 */
const MessageItem = memo(function MessageItem({
  message,
  viewerId,
  isHit = false,
  isHitMarked = false,
}: {
  message: TicketMessage;
  viewerId: number;
  /** The search hit the reader jumped to (data-search-hit, for tests and styles). */
  isHit?: boolean;
  /** The hit's ring, shown for a few seconds after the jump. */
  isHitMarked?: boolean;
}) {
  const isOwn = message.user_id === viewerId;
  // The writer's own messages are white on blue; their own notes stay yellow like every note.
  const onBlue = isOwn && !message.internal;
  return (
    <li
      data-testid="message"
      data-message-id={message.id}
      data-admin={message.is_admin ? 'true' : undefined}
      data-internal={message.internal ? 'true' : undefined}
      data-search-hit={isHit ? 'true' : undefined}
      className={`flex ${isOwn ? 'justify-end' : 'justify-start'}`}
    >
      <article
        aria-label={`${message.internal ? NOTE_LABEL : 'Wiadomość'} od ${message.username || 'użytkownika'}`}
        // The ring fades out (at once with reduced motion) once the reader has seen where the hit is.
        className={`max-w-[88%] rounded-2xl px-4 py-3 shadow-sm motion-safe:transition-shadow motion-safe:duration-1000 sm:max-w-[75%] ${
          isHitMarked ? 'ring-4 ring-amber-400 dark:ring-amber-300' : ''
        } ${
          message.internal
            ? noteBubbleClass
            : isOwn
              ? 'rounded-br-md bg-blue-700 text-white'
              : message.is_admin
                ? 'rounded-bl-md border border-amber-300 bg-amber-50 text-slate-900 dark:border-amber-300/30 dark:bg-amber-400/10 dark:text-slate-100'
                : 'rounded-bl-md border border-slate-300 bg-white text-slate-900 dark:border-white/10 dark:bg-slate-800 dark:text-slate-100'
        }`}
      >
        {message.internal && <NoteTag />}
        {message.email_sender === 'unverified' && <UnverifiedSenderTag />}
        <header className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
          <span className="inline-flex items-center gap-1 font-semibold">
            {message.is_admin && (
              <span
                data-testid="admin-crown"
                className={onBlue ? 'text-amber-200' : 'text-amber-600 dark:text-amber-300'}
                title="Administrator"
              >
                <CrownIcon />
                <span className="sr-only">Administrator:</span>
              </span>
            )}
            {message.username || 'Użytkownik'}
            {isOwn && (
              <span className={onBlue ? 'font-normal text-blue-100' : 'font-normal'}>(Ty)</span>
            )}
          </span>
          {message.created_at && (
            <LocalTime
              iso={message.created_at}
              hasTitle
              className={onBlue ? 'text-blue-100' : 'text-slate-700 dark:text-slate-300'}
            />
          )}
        </header>
        {message.body && (
          // overflow-wrap:anywhere breaks a long URL or word inside the bubble on a phone.
          <p className="mt-1 text-[0.95rem] leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">
            <LinkifiedText
              body={message.body}
              messageId={message.id}
              tone={isOwn ? 'own' : 'other'}
            />
          </p>
        )}
        <AttachmentList files={message.files} tone={attachmentTone(message, viewerId)} />
      </article>
    </li>
  );
});

interface MessageThreadProps {
  messages: readonly TicketMessage[];
  viewerId: number;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Changes when the viewer sends a message: the list jumps to the bottom then. */
  sentCount: number;
  /** Shown instead of the empty-state text (the draft explains what to do). */
  emptyText?: string;
  /** Older pages of a long thread, loaded as the reader scrolls up. */
  older?: OlderMessages;
  /** The newest message that was on screen in an active tab (read state, DESIGN.md §7.5). */
  onMessagesSeen?: (upTo: number) => void;
  /** A search hit to scroll to and mark (use-message-jump), once it is among `messages`. */
  hit?: SearchHit | null;
}

const noOlder: OlderMessages = {
  hasOlder: false,
  isLoading: false,
  isError: false,
  load: () => undefined,
};

/**
 * Scrolls the thread rendered by the server (docs/web-app.md "Server-rendered
 * Kontakt") to its newest message as the page is parsed, where the effect below
 * puts it after hydration: the first paint is then the view the reader keeps
 * (painted at the top and moved seconds later, the move was the page's largest
 * paint). Constant: the server's CSP allows it by its hash.
 */
export const THREAD_BOTTOM_SCRIPT =
  '(function(s){if(s)s.scrollTop=s.scrollHeight})(document.currentScript&&document.currentScript.previousElementSibling);';

/**
 * The conversation. It follows new messages only when the reader is already
 * within 100 px of the bottom (SPEC.md §2), so reading older messages is not
 * interrupted; the reader's own message always scrolls into view. Older
 * messages load as the reader nears the top, and are added above without
 * moving what the reader is looking at.
 */
export function MessageThread({
  messages,
  viewerId,
  isLoading,
  isError,
  onRetry,
  sentCount,
  emptyText = NO_MESSAGES_MESSAGE,
  older = noOlder,
  onMessagesSeen,
  hit = null,
}: MessageThreadProps) {
  const scrollRef = useRef<HTMLElement>(null);
  // Rendered on the server and while hydrating only (a script React inserts later never runs).
  const isHydrating = !useHydrated();
  // An older page goes in above a few messages per frame (issue 34); a search hit shows at once.
  const rendered = useStepwisePrepend(messages, {
    showAll: isLoading || isError,
    mustShow: hit?.messageId ?? null,
  });
  const messageIds = useMemo(() => rendered.map((m) => m.id), [rendered]);
  // Until a page's messages are all in, it is still loading: the strip stays and no
  // further page is asked for (the reader at the top would otherwise load page after page).
  const isRevealing = rendered.length < messages.length;
  const olderNow = isRevealing ? { ...older, hasOlder: true, isLoading: true } : older;
  useSeenMessages({ scrollRoot: scrollRef, messageIds, onSeen: onMessagesSeen });
  const wasNearBottom = useRef(true);
  const lastSent = useRef(sentCount);
  // The scroll state after the last commit or scroll, and the first message then shown.
  const lastSeen = useRef<ScrollSnapshot & { firstId: number | undefined }>({
    scrollTop: 0,
    scrollHeight: 0,
    firstId: undefined,
  });
  const firstId = rendered[0]?.id;

  const remember = (el: HTMLElement) => {
    lastSeen.current = { scrollTop: el.scrollTop, scrollHeight: el.scrollHeight, firstId };
  };

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    wasNearBottom.current = isNearBottom(el);
    remember(el);
    if (olderNow.hasOlder && !olderNow.isLoading && !olderNow.isError && isNearTop(el)) {
      olderNow.load();
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the messages change
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // Older messages went in above: keep the reader's place (no jump). From the
    // position now, not the last scroll event's: a scroll since may not have reported yet.
    if (wasPrepended(lastSeen.current.firstId, firstId)) {
      el.scrollTop = scrollTopAfterPrepend(
        { scrollTop: el.scrollTop, scrollHeight: lastSeen.current.scrollHeight },
        el.scrollHeight,
      );
    }
    const forced = lastSent.current !== sentCount;
    lastSent.current = sentCount;
    if (forced || wasNearBottom.current) {
      el.scrollTop = el.scrollHeight;
      wasNearBottom.current = true;
    }
  }, [rendered, sentCount]);

  // After the effect above, so a jump to a search hit wins over following the bottom.
  const scrolledHit = useRef<number | null>(null);
  const [markedHit, setMarkedHit] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the hit or the messages change
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !hit || scrolledHit.current === hit.seq) return;
    const item = el.querySelector<HTMLElement>(`[data-message-id="${hit.messageId}"]`);
    if (!item) return;
    scrolledHit.current = hit.seq;
    scrollToMessage(el, item);
    wasNearBottom.current = isNearBottom(el);
    remember(el);
    setMarkedHit(hit.seq);
  }, [hit, rendered]);
  useEffect(() => {
    if (markedHit === null) return;
    const timer = setTimeout(() => setMarkedHit(null), HIT_MARK_MS);
    return () => clearTimeout(timer);
  }, [markedHit]);

  // After every commit (also when only the loading strip changed): the state the next prepend starts from.
  useLayoutEffect(() => {
    if (scrollRef.current) remember(scrollRef.current);
  });

  return (
    <>
      <section
        ref={scrollRef}
        onScroll={onScroll}
        data-testid="message-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        aria-label="Wiadomości"
        // The browser's own scroll anchoring would shift a second time what the effect above keeps.
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4 [overflow-anchor:none] sm:px-5"
      >
        {isLoading ? (
          <p role="status" className="py-8 text-center text-sm text-slate-600 dark:text-slate-300">
            Wczytywanie wiadomości…
          </p>
        ) : isError ? (
          <div
            role="alert"
            className="mx-auto max-w-sm py-8 text-center text-sm text-red-800 dark:text-red-200"
          >
            <p>{THREAD_LOAD_ERROR}</p>
            <button type="button" onClick={onRetry} className={`${secondaryButtonClass} mt-3`}>
              {RETRY_LABEL}
            </button>
          </div>
        ) : messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-300">{emptyText}</p>
        ) : (
          // role=log announces messages that arrive later, not the ones already shown.
          <>
            <OlderMessagesLoader older={olderNow} scrollRoot={scrollRef} />
            <div role="log" aria-label="Rozmowa">
              <ol className="flex flex-col gap-3">
                {rendered.map((message) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    viewerId={viewerId}
                    isHit={hit?.messageId === message.id}
                    isHitMarked={hit?.messageId === message.id && markedHit === hit.seq}
                  />
                ))}
              </ol>
            </div>
          </>
        )}
      </section>
      {isHydrating && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, allowed by CSP hash
        <script dangerouslySetInnerHTML={{ __html: THREAD_BOTTOM_SCRIPT }} />
      )}
    </>
  );
}

import { useEffect, useRef } from 'react';
import type { ReplyCollision } from '../hooks/use-reply-collision';
import { agoText, answeredVerb } from '../lib/presence';
import { secondaryButtonClass } from './styles';

/**
 * Asked before a staff reply leaves when another agent answered meanwhile:
 * „Anna odpowiedziała 20 s temu — pokaż”, or „Wyślij mimo to”. Focus goes to
 * „pokaż”, the choice that sends nothing.
 */
export function ReplyCollisionWarning({
  collision,
  now = Date.now(),
  onShow,
  onSendAnyway,
}: {
  collision: ReplyCollision;
  now?: number;
  onShow: () => void;
  onSendAnyway: () => void;
}) {
  const showRef = useRef<HTMLButtonElement>(null);
  useEffect(() => showRef.current?.focus(), []);
  return (
    <div
      role="alert"
      data-testid="reply-collision"
      className="flex flex-wrap items-center justify-between gap-2 border-t border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-300/30 dark:bg-amber-400/10 dark:text-amber-50"
    >
      <p>
        {collision.username} {answeredVerb(collision.username)} {agoText(collision.createdAt, now)}{' '}
        —{' '}
        <button
          ref={showRef}
          type="button"
          onClick={onShow}
          className="cursor-target rounded font-semibold underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          pokaż
        </button>
      </p>
      <button type="button" onClick={onSendAnyway} className={`${secondaryButtonClass} min-h-9`}>
        Wyślij mimo to
      </button>
    </div>
  );
}

/** Brings the other agent's reply into view in the thread. */
export function scrollToMessage(messageId: number) {
  const item = document.querySelector<HTMLElement>(`[data-message-id="${messageId}"]`);
  item?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

/**
 * A server-sent-events connection that comes back by itself (SPEC.md §4 Live
 * updates). The browser's EventSource retries on its own while the connection
 * merely drops, but gives up for good when an answer is not an event stream
 * (a restart answering 502, a 401 after the session expired), so that case is
 * retried here with growing pauses. Whatever was missed while disconnected is
 * recovered by `onReconnect`, which the screen uses to refetch.
 */
import type { ZodType } from 'zod';

export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export type CreateEventSource = (url: string) => EventSourceLike;

export interface StreamOptions {
  url: string;
  /** Named events to listen to (`ticket`, `message`). */
  events: readonly string[];
  onEvent: (type: string, data: string) => void;
  /** Called when a connection opens again after a failure: time to refetch. */
  onReconnect: () => void;
  /**
   * Called when the browser gave up on the connection (not an event stream,
   * e.g. 401 after the session ended), before the next attempt is scheduled.
   */
  onGiveUp?: () => void;
  createSource?: CreateEventSource;
  /** Pauses before reconnecting by hand, in ms; the last one repeats. */
  backoffMs?: readonly number[];
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Where `online` is announced; `window` in the browser. */
  onlineTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

const CLOSED = 2;
export const DEFAULT_BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

const browserSource: CreateEventSource = (url) => new EventSource(url, { withCredentials: true });

/** Opens the stream; the returned function closes it for good. */
export function openStream({
  url,
  events,
  onEvent,
  onReconnect,
  onGiveUp,
  createSource = browserSource,
  backoffMs = DEFAULT_BACKOFF_MS,
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  onlineTarget = typeof window === 'undefined' ? null : window,
}: StreamOptions): () => void {
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let hadFailure = false;
  let stopped = false;

  const connect = () => {
    timer = null;
    if (stopped) return;
    const current = createSource(url);
    source = current;
    current.addEventListener('open', () => {
      if (source !== current) return;
      attempt = 0;
      if (hadFailure) {
        hadFailure = false;
        onReconnect();
      }
    });
    current.addEventListener('error', () => {
      if (source !== current) return;
      hadFailure = true;
      if (current.readyState !== CLOSED) return; // the browser retries by itself
      current.close();
      source = null;
      onGiveUp?.();
      const pause = backoffMs[Math.min(attempt, backoffMs.length - 1)] ?? 30_000;
      attempt += 1;
      timer = setTimer(connect, pause);
    });
    for (const type of events) {
      current.addEventListener(type, (event) => {
        if (source === current) onEvent(type, typeof event.data === 'string' ? event.data : '');
      });
    }
  };

  // Back online: do not wait out the pause.
  const onOnline = () => {
    if (stopped || !hadFailure) return;
    if (timer !== null) clearTimer(timer);
    source?.close();
    source = null;
    attempt = 0;
    connect();
  };

  onlineTarget?.addEventListener('online', onOnline);
  connect();

  return () => {
    stopped = true;
    onlineTarget?.removeEventListener('online', onOnline);
    if (timer !== null) clearTimer(timer);
    source?.close();
    source = null;
  };
}

/** An event's data read as `schema` says, or null when it is not JSON or not of that shape. */
export function readEventData<T>(data: string, schema: ZodType<T>): T | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : null;
}

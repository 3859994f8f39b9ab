/**
 * One Idempotency-Key per message being sent. The key stays the same while
 * the user retries the same text and files (after a network error the server
 * may already have stored the message, and the repeated request must not
 * store it twice), and a new key is made once it was sent or the content
 * changed.
 */
export interface IdempotencyKeeper {
  /** The key for a send of content with this fingerprint. */
  keyFor(fingerprint: string): string;
  /** After a confirmed send: the next message gets a new key. */
  reset(): void;
}

export function createIdempotencyKeeper(
  makeKey: () => string = () => crypto.randomUUID(),
): IdempotencyKeeper {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint) {
      if (!current || current.fingerprint !== fingerprint) {
        current = { fingerprint, key: makeKey() };
      }
      return current.key;
    },
    reset() {
      current = null;
    },
  };
}

/** Identifies what is being sent: the ticket, the text and each file. */
export function sendFingerprint(
  ticketId: number,
  body: string,
  files: readonly { name: string; size: number; lastModified?: number }[],
): string {
  return JSON.stringify([
    ticketId,
    body,
    files.map((file) => [file.name, file.size, file.lastModified ?? 0]),
  ]);
}

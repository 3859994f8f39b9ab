import { useMemo } from 'react';
import { useServerState } from '~/lib/session';
import { linkSegments, segmentsOf } from '../lib/link-segments';

/** A message body with its web and e-mail addresses clickable, opening in a new tab. */
export function LinkifiedText({
  body,
  messageId,
  tone,
}: {
  body: string;
  messageId: number;
  tone: 'own' | 'other';
}) {
  // The links the server found for the messages it rendered (issue 34): hydrating
  // the thread does not start linkifyjs (lib/link-segments.ts).
  const serverLinks = useServerState()?.links?.[messageId];
  // A thread re-renders on every scroll-loaded page; the body of a message never changes.
  const segments = useMemo(
    () => (serverLinks ? segmentsOf(body, serverLinks) : linkSegments(body)),
    [body, serverLinks],
  );
  return (
    <>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          segment.text
        ) : (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one body never reorder
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className={`underline underline-offset-2 ${
              tone === 'own'
                ? 'text-white decoration-blue-200'
                : 'text-blue-800 decoration-blue-800/50 dark:text-blue-300 dark:decoration-blue-300/50'
            }`}
          >
            {segment.text}
          </a>
        ),
      )}
    </>
  );
}

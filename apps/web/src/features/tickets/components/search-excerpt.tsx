import type { TicketSearchMatch } from '@studio/shared/tickets';
import { useMemo } from 'react';
import { excerptSegments } from '../lib/excerpt-segments';

/**
 * Where a search found its words (DESIGN.md §7.8), under the subject of a
 * result: the excerpt in at most two lines with the matched words in `<mark>`.
 * Built from text pieces, never from HTML.
 */
export function SearchExcerpt({ match }: { match: TicketSearchMatch }) {
  const segments = useMemo(
    () => excerptSegments(match.text, match.highlights),
    [match.text, match.highlights],
  );
  return (
    <span
      data-testid="search-excerpt"
      className="line-clamp-2 text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300"
    >
      {segments.map((segment, index) =>
        segment.isHit ? (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one excerpt never reorder
            key={index}
            className="rounded-sm bg-amber-200 px-0.5 font-semibold text-slate-900 dark:bg-amber-300/30 dark:text-amber-100"
          >
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </span>
  );
}

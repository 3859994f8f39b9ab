import { useSyncExternalStore } from 'react';
import { useServerState } from '~/lib/session';

/*
 * Times on the server-rendered Kontakt screen (issue 34, docs/web-app.md
 * "Times and hydration"). The server formats times in its own time zone at its
 * own moment; the browser must hydrate the same text, or React throws the
 * screen's HTML away and renders it again. So while hydrating, a time is
 * formatted with the server's clock (the zone and the moment the page state
 * carries, ServerState.clock); right after, with the browser's own. React
 * compares the two texts and renders again only the parts that differ: a
 * visitor in the server's zone sees no second render at all, one elsewhere
 * sees the times change to their own once the screen has hydrated.
 */

/** A moment and the zone to show it in (undefined: the browser's own). */
export interface DisplayClock {
  now: number;
  timeZone: string | undefined;
}

/** Nothing to subscribe to: the only change is hydration's end, which React itself notices. */
const subscribe = () => () => {};

/** `text` of the server's clock while the page hydrates (and on the server), of the browser's after. */
export function useClockText(text: (clock: DisplayClock) => string): string {
  const server = useServerState()?.clock;
  return useSyncExternalStore(
    subscribe,
    () => text({ now: Date.now(), timeZone: undefined }),
    () => text(server ?? { now: Date.now(), timeZone: undefined }),
  );
}

import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

/*
 * The server-rendered signed-in Kontakt screen is `inert` until React owns it
 * (issue 34, docs/web-app.md "Input before the screen hydrates"). The page
 * paints from the server's HTML long before the screen's chunk has arrived
 * and hydrated; a tap or a key in that gap would reach a button without its
 * handler, or a field whose text hydration then drops. An inert subtree takes
 * no focus, no click and no typing, so nothing entered there is lost or done
 * by halves: the screen becomes usable, as it looks, once hydrated.
 */

const MarkHydratedContext = createContext<() => void>(() => undefined);

/**
 * `<main>` holding the Kontakt screen. With `inertUntilHydrated` (a page the
 * server rendered) it stays inert until the screen inside calls
 * useScreenHydrated. Its state is its own, so the call re-renders this element
 * alone (the screen below is the same element and React skips it).
 */
export function ScreenMain({
  className,
  inertUntilHydrated,
  children,
}: {
  className: string;
  inertUntilHydrated: boolean;
  children: ReactNode;
}) {
  const [isInert, setInert] = useState(inertUntilHydrated);
  const [markHydrated] = useState(() => () => setInert(false));
  return (
    <MarkHydratedContext value={markHydrated}>
      <main className={className} inert={isInert}>
        {children}
      </main>
    </MarkHydratedContext>
  );
}

/**
 * Called by the screen: its effects run once its whole subtree has hydrated
 * (its chunk, staff's parts), and from then on React handles every event in it.
 */
export function useScreenHydrated() {
  const markHydrated = useContext(MarkHydratedContext);
  useEffect(() => markHydrated(), [markHydrated]);
}

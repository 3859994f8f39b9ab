import { lazy, Suspense, useEffect, useState } from 'react';
import { COARSE_POINTER_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from '~/lib/use-media-query';
import { whenIdle } from '~/lib/when-idle';

// Decorative layers are split into their own chunks and loaded only after the
// page has painted, so they never compete with the content for the first paint.
const Backdrop = lazy(() => import('~/components/backdrop/backdrop'));
const TargetCursor = lazy(() => import('~/components/target-cursor'));

export function DeferredEffects() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  // The cursor shows only for a pointer that hovers and without reduced motion
  // (target-cursor.tsx): elsewhere (every phone) its module is not fetched at all.
  const isCoarse = useMediaQuery(COARSE_POINTER_QUERY, true);
  const isReduced = useMediaQuery(REDUCED_MOTION_QUERY, true);
  const hasCursor = !isCoarse && !isReduced;
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Backdrop />
      {hasCursor && <TargetCursor />}
    </Suspense>
  );
}

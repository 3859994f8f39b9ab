import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '~/lib/when-idle';

// Decorative layers are split into their own chunks and loaded only after the
// page has painted, so they never compete with the content for the first paint.
const Backdrop = lazy(() => import('~/components/backdrop/backdrop'));
const TargetCursor = lazy(() => import('~/components/target-cursor'));

export function DeferredEffects() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Backdrop />
      <TargetCursor />
    </Suspense>
  );
}

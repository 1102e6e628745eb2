import { lazy, Suspense } from 'react';
import { useCallStore } from './call-store';

// The call screen and its bubble load with the first call, not with the app (docs/decisions.md#first-screen).
const CallOverlay = lazy(() => import('./call-overlay').then((m) => ({ default: m.CallOverlay })));

/** The call overlay above every screen, loaded once a call exists (docs/product.md#call-overlay). */
export function CallLayer() {
  const active = useCallStore((s) => s.call !== null);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <CallOverlay />
    </Suspense>
  );
}

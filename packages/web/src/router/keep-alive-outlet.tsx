import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { UNSAFE_LocationContext, useLocation, useNavigationType, useOutlet } from 'react-router';
import type { Location, NavigationType } from 'react-router';
import { ErrorBoundary } from '../components/error-boundary';
import { PageLoading } from '../components/page-loading';
import { keepAliveKey } from './keep-alive';
import { PageActivityContext } from './page-activity';

interface Kept {
  key: string;
  element: ReactNode;
  location: Location;
  navigationType: NavigationType;
}

/**
 * An <Outlet> that keeps the last rendered screen of each kept path mounted but hidden
 * (docs/product.md#shell-behaviour), so coming back finds its state and scroll position. A hidden
 * screen sees the location it was left at, not the current one, so its query (which conversation)
 * does not change under it.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = keepAliveKey(location.pathname);
  const [kept, setKept] = useState<Kept[]>([]);

  const current = kept.find((entry) => entry.key === key);
  if (key && (!current || current.location !== location)) {
    const entry = { key, element: outlet, location, navigationType };
    setKept(current ? kept.map((e) => (e.key === key ? entry : e)) : [...kept, entry]);
  }

  return (
    <>
      {kept.map((entry) => {
        const active = entry.key === key;
        return (
          <div key={entry.key} className="kept-pane" hidden={!active} inert={!active}>
            <UNSAFE_LocationContext.Provider
              value={{ location: entry.location, navigationType: entry.navigationType }}
            >
              <PageActivityContext.Provider value={active}>
                <ErrorBoundary>
                  <Suspense fallback={<PageLoading />}>{entry.element}</Suspense>
                </ErrorBoundary>
              </PageActivityContext.Provider>
            </UNSAFE_LocationContext.Provider>
          </div>
        );
      })}
      {!key && outlet}
    </>
  );
}

import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Errors react-router catches (render or lazy loading) are logged and swallowed (spec §2). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('route error', error), [error]);
  return null;
}

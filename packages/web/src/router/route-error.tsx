import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * Errors react-router catches (render or lazy loading) are logged and swallowed
 * (docs/product.md#shell-behaviour).
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('route error', error), [error]);
  return null;
}

import { useEffect, useState } from 'react';
import { formatCallDuration } from '../utils/call-summary';

/** The call timer: mm:ss counting whole seconds from `connectedAt`, updated every second; '' before. */
export function useCallTimer(connectedAt: number): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!connectedAt) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [connectedAt]);
  if (!connectedAt) return '';
  return formatCallDuration((Math.max(now, connectedAt) - connectedAt) / 1000);
}

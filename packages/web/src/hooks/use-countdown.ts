import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a code may be sent again; start() restarts the count. */
export function useCountdown(seconds: number, startNow = false) {
  const [remaining, setRemaining] = useState(startNow ? seconds : 0);
  const running = remaining > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setRemaining((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  const start = useCallback(() => setRemaining(seconds), [seconds]);
  return { remaining, running, start };
}

import { ConnectionState } from '@im/sdk';
import { useEffect, useState } from 'react';
import { im } from '../sdk/im';

export type NetworkStatus = 'online' | 'offline' | 'reconnecting';

function currentStatus(connection: ConnectionState | null): NetworkStatus {
  if (!navigator.onLine) return 'offline';
  return connection === ConnectionState.Reconnecting ? 'reconnecting' : 'online';
}

/** The device's network (the browser's online/offline) and the gateway connection, as one status. */
export function useNetworkStatus(): NetworkStatus {
  const [connection, setConnection] = useState<ConnectionState | null>(null);
  const [, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const onNetwork = () => setOnline(navigator.onLine);
    window.addEventListener('online', onNetwork);
    window.addEventListener('offline', onNetwork);
    const off = im.on('connectionStateChanged', setConnection);
    return () => {
      window.removeEventListener('online', onNetwork);
      window.removeEventListener('offline', onNetwork);
      off();
    };
  }, []);
  return currentStatus(connection);
}

import type { KeyValueStorage } from '../key-value-storage.ts';

/**
 * Test-only call settings, read from local storage like wsUrl (the browser journeys set them);
 * without them the product defaults hold: any ICE path, and the invitation's CALL_TIMEOUT_S.
 */
export const CallSettingKey = {
  /** 'relay' forces the media through TURN. */
  iceTransportPolicy: 'callIceTransportPolicy',
  /** The invitation's timeout in seconds, shorter than the default in tests. */
  timeoutS: 'callTimeoutS',
} as const;

export interface CallSettings {
  iceTransportPolicy?: RTCIceTransportPolicy;
  timeoutS?: number;
}

export function readCallSettings(storage: KeyValueStorage): CallSettings {
  const policy = storage.getItem(CallSettingKey.iceTransportPolicy);
  const timeout = Number(storage.getItem(CallSettingKey.timeoutS));
  return {
    ...(policy === 'relay' || policy === 'all' ? { iceTransportPolicy: policy } : {}),
    ...(Number.isInteger(timeout) && timeout > 0 ? { timeoutS: timeout } : {}),
  };
}

/** The room service's URL: the token's serverUrl, resolved against the gateway's base when relative. */
export function roomServiceUrl(serverUrl: string, wsUrl: string): string {
  return new URL(serverUrl, wsUrl).toString();
}

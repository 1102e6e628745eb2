import { PLATFORM_WEB } from '@im/protocol';
import { newOperationID } from '../http-client.ts';

export interface GatewayAuth {
  token: string;
  userID: string;
  platformID?: number;
}

/**
 * The upgrade URL (docs/sdk.md#gateway-contract-msg_gateway): the gateway authenticates these query
 * parameters before the upgrade.
 */
export function gatewayUrl(wsUrl: string, auth: GatewayAuth): string {
  const query = new URLSearchParams({
    token: auth.token,
    sendID: auth.userID,
    platformID: String(auth.platformID ?? PLATFORM_WEB),
    operationID: newOperationID(),
  });
  return `${wsUrl}${wsUrl.includes('?') ? '&' : '?'}${query}`;
}

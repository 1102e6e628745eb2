import { ChatPath, ImPath } from '@im/protocol';
import type { GetCallRecordsReq, GetCallRecordsResp, RtcTokenResp } from '@im/protocol';
import type { HttpClient } from '../http-client.ts';

/** The calls' HTTP calls: a room token on the chat service, the records on the IM API (docs/api.md). */
export function createCallApi(chat: HttpClient, api: HttpClient) {
  return {
    rtcToken: (room: string, identity: string) =>
      chat.post<RtcTokenResp>(ChatPath.rtcToken, { room, identity }),
    getRecords: (req: GetCallRecordsReq) => api.post<GetCallRecordsResp>(ImPath.getCallRecords, req),
  };
}

export type CallApi = ReturnType<typeof createCallApi>;

import { ReceiptPath } from '@im/protocol';
import type {
  ConversationItem,
  MessageReadersReq,
  MessageReadersResp,
  ReadStateResp,
  SetBurnAfterReadingReq,
} from '@im/protocol';
import type { HttpClient } from '../http-client.ts';

/** Read receipts and burn-after-reading (protocol/src/receipt-api.ts), prefix /api with the IM token. */
export function createReceiptApi(api: HttpClient) {
  return {
    setBurnAfterReading: (req: SetBurnAfterReadingReq) =>
      api.post<ConversationItem>(ReceiptPath.setBurnAfterReading, req),
    getReadState: (conversationID: string) =>
      api.post<ReadStateResp>(ReceiptPath.getReadState, { conversationID }),
    getMessageReaders: (req: MessageReadersReq) =>
      api.post<MessageReadersResp>(ReceiptPath.getMessageReaders, req),
  };
}

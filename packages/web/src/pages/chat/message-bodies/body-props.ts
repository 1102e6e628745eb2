import type { MessageItem } from '@im/protocol';

/** What every body component of the renderer table gets. */
export interface BodyProps {
  message: MessageItem;
  selfID: string;
}

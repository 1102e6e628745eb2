import type { ComponentType } from 'react';
import type { MessageItem } from '@im/protocol';

/** What every message body gets: the message (maybe still uploading) and whose it is. */
export interface BodyProps {
  message: MessageItem;
  own: boolean;
  selfID: string;
}

export type BodyComponent = ComponentType<BodyProps>;

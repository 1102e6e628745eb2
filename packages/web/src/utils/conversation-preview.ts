import type { ConversationItem } from '@im/protocol';
import { summarizeMessage } from './message-summary';
import type { SummaryContext } from './message-summary';

export interface ConversationPreview {
  /** "[Draft]" when the line shows the draft (spec: a draft shows with that prefix). */
  prefix: string;
  text: string;
}

/** The second line of a conversation row: the draft when there is one, else the last message. */
export function conversationPreview(item: ConversationItem, ctx: SummaryContext): ConversationPreview {
  if (item.draftText) return { prefix: ctx.t('conversation.draft'), text: item.draftText };
  return { prefix: '', text: summarizeMessage(item.latestMsg, ctx) };
}

import { MessageText } from '../../../components/message-text';
import type { BodyProps } from './body-props';

/** A text (101): its content, links made clickable. */
export function TextBody({ message }: BodyProps) {
  return <MessageText text={message.textElem?.content ?? ''} />;
}

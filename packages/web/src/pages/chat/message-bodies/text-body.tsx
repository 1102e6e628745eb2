import { MessageText } from '../../../components/message-text';
import type { BodyProps } from './body-props';

/** 101: the text, with its links. */
export function TextBody({ message }: BodyProps) {
  return <MessageText text={message.textElem?.content ?? ''} />;
}

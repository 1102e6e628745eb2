import type { BodyProps } from './body-props';
import { BodyRendererContext } from './chat-view-context';
import { messageBodies } from './index';
import { SummaryBody } from './summary-body';

/**
 * The body of a message from the renderer table (a type without an entry shows its summary line),
 * handing itself down so a merged view can render the bodies of the messages it holds.
 */
export function MessageBody({ message, own, selfID }: BodyProps) {
  // A table lookup, not a call, so the linter sees no component made during render (as bodyFor).
  const Body = messageBodies[message.contentType] ?? SummaryBody;
  return (
    <BodyRendererContext value={MessageBody}>
      <Body message={message} own={own} selfID={selfID} />
    </BodyRendererContext>
  );
}

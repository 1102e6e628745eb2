import { useTranslation } from 'react-i18next';
import { MessageText } from '../../../components/message-text';
import { summarizeMessage } from '../../../utils/message-summary';
import type { BodyProps } from './body-props';
import { BodyRendererContext } from './chat-view-context';
import { messageBodies } from './index';

/** The body of a message from the renderer table; a type without an entry shows its summary line. */
export function MessageBody({ message, selfID }: BodyProps) {
  const { t } = useTranslation();
  const Body = messageBodies[message.contentType];
  if (Body)
    return (
      <BodyRendererContext value={MessageBody}>
        <Body message={message} selfID={selfID} />
      </BodyRendererContext>
    );
  return <MessageText text={summarizeMessage(message, { selfID, t })} />;
}

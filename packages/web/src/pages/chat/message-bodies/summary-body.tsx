import { useTranslation } from '../../../i18n/use-translation';
import { MessageText } from '../../../components/message-text';
import { summarizeMessage } from '../../../utils/message-summary';
import type { BodyProps } from './body-props';

/** Every type without its own body: its list summary (at-text with names, fixed labels). */
export function SummaryBody({ message, selfID }: BodyProps) {
  const { t } = useTranslation();
  return <MessageText text={summarizeMessage(message, { selfID, t })} />;
}

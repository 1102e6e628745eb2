import { useTranslation } from '../../i18n/use-translation';
import { ChatPicker } from '../../components/chat-picker';
import { LocationSheet } from './location-sheet';
import { PlusPanel } from './plus-panel';
import type { useRichChat } from './use-rich-chat';

interface SheetsProps {
  rich: ReturnType<typeof useRichChat>;
  /** Which "+" panel sheet is open: the friend to share, or the location. */
  panel: 'card' | 'location' | null;
  onClose: () => void;
}

/** The chat's rich-message sheets: the forward picker, the card's friend picker, the location. */
function Sheets({ rich, panel, onClose }: SheetsProps) {
  const { t } = useTranslation();
  return (
    <>
      <ChatPicker
        visible={rich.picking}
        title={t('rich.chooseChat')}
        onDone={rich.forwardTo}
        onClose={rich.cancelForward}
      />
      <ChatPicker
        visible={panel === 'card'}
        title={t('rich.chooseFriend')}
        sections={['friends']}
        single
        onDone={(choices) => {
          onClose();
          if (choices[0]) rich.shareCard(choices[0]);
        }}
        onClose={onClose}
      />
      {panel === 'location' && (
        <LocationSheet
          onSend={(place) => {
            onClose();
            rich.sendLocation(place);
          }}
          onClose={onClose}
        />
      )}
    </>
  );
}

/** The pieces chat-screen.tsx places: the "+" panel and the sheets it opens. */
export const RichChatParts = { Plus: PlusPanel, Sheets };

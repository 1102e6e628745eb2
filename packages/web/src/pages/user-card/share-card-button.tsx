import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { im } from '../../sdk/im';
import { ChatPicker } from '../../components/chat-picker';
import { sendToChats } from '../../utils/send-to-chats';

/** "Share card" on a friend's card: choose chats, and each gets this user's card (108). */
export function ShareCardButton({ user }: { user: { userID: string; nickname: string; faceURL: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button block onClick={() => setOpen(true)}>
        {t('rich.shareCard')}
      </Button>
      <ChatPicker
        visible={open}
        title={t('rich.chooseChat')}
        onDone={(choices) => {
          setOpen(false);
          void sendToChats(choices, () => [im.messages.createCardMessage(user)]);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

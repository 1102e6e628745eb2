import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import { useOpenedOnce } from '../hooks/use-opened-once';
import { Avatar } from '../components/avatar';
import { useContactStore } from '../stores/contact-store';
import { useConversationStore } from '../stores/conversation-store';
import styles from './chat-picker.module.css';

/** A chat to send to: a user (one-to-one) or a group. */
export interface ChatChoice {
  key: string;
  name: string;
  faceURL: string;
  userID?: string;
  groupID?: string;
}

type Section = 'recent' | 'friends' | 'groups';

interface Props {
  visible: boolean;
  /** The dialog's name (and heading). */
  title: string;
  /** Which lists to offer; the card share offers friends only. */
  sections?: readonly Section[];
  /** One choice only (choosing another replaces it). */
  single?: boolean;
  onDone: (choices: ChatChoice[]) => void;
  onClose: () => void;
}

const sectionLabel = { recent: 'rich.recentChats', friends: 'rich.friends', groups: 'rich.groups' } as const;

/**
 * Chooses chats from recent conversations, friends and groups (a chat in several lists is one
 * choice): a bottom sheet with a checkbox per chat, each list a group named by its title.
 */
export function ChatPicker({
  visible,
  title,
  sections = ['recent', 'friends', 'groups'],
  single,
  onDone,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const conversations = useConversationStore((s) => s.conversationList);
  const friends = useContactStore((s) => s.friendList);
  const groups = useContactStore((s) => s.groupList);
  const [picked, setPicked] = useState<Map<string, ChatChoice>>(new Map());
  const opened = useOpenedOnce(visible);
  if (!opened) return null;

  const lists: Record<Section, ChatChoice[]> = {
    recent: conversations
      .filter((c) => c.userID || c.groupID)
      .map((c) => ({
        key: c.groupID ? `g:${c.groupID}` : `u:${c.userID}`,
        name: c.showName || c.userID || c.groupID,
        faceURL: c.faceURL,
        ...(c.groupID ? { groupID: c.groupID } : { userID: c.userID }),
      })),
    friends: friends.map((f) => ({
      key: `u:${f.userID}`,
      name: f.remark || f.nickname || f.userID,
      faceURL: f.faceURL,
      userID: f.userID,
    })),
    groups: groups.map((g) => ({
      key: `g:${g.groupID}`,
      name: g.groupName || g.groupID,
      faceURL: g.faceURL,
      groupID: g.groupID,
    })),
  };

  const toggle = (choice: ChatChoice) =>
    setPicked((current) => {
      const next = new Map(single ? [] : current);
      if (current.has(choice.key)) next.delete(choice.key);
      else next.set(choice.key, choice);
      return next;
    });
  const close = () => {
    setPicked(new Map());
    onClose();
  };
  const done = () => {
    const choices = [...picked.values()];
    setPicked(new Map());
    onDone(choices);
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={close}
      onClose={close}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div role="dialog" aria-label={title} className={styles.picker}>
        <h2 className={styles.pickerTitle}>{title}</h2>
        <div className={styles.pickerBody}>
          {sections.map((section) => (
            <section key={section} role="group" aria-label={t(sectionLabel[section])}>
              <h3 className={styles.pickerSection}>{t(sectionLabel[section])}</h3>
              {lists[section].map((choice) => (
                <label key={choice.key} className={styles.pickerRow}>
                  <input
                    type="checkbox"
                    checked={picked.has(choice.key)}
                    onChange={() => toggle(choice)}
                    aria-label={choice.name}
                  />
                  <Avatar name={choice.name} src={choice.faceURL} size={32} />
                  <span>{choice.name}</span>
                </label>
              ))}
            </section>
          ))}
        </div>
        <div className={styles.pickerActions}>
          <Button block onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button block color="primary" disabled={picked.size === 0} onClick={done}>
            {t('rich.send')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

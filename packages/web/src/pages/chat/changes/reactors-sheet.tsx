import { useEffect, useState } from 'react';
import { Popup } from 'antd-mobile';
import { useTranslation } from '../../../i18n/use-translation';
import { useOpenedOnce } from '../../../hooks/use-opened-once';
import type { MessageItem } from '@im/protocol';
import { im } from '../../../sdk/im';
import sheet from '../../../components/sheet.module.css';
import styles from './changes.module.css';

type Names = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; byID: Map<string, string> };
type Loaded = { key: string; names: Names };

/** The nicknames of the users who reacted, from the server (a group's members may not be friends). */
function useNames(userIDs: string[]): Names {
  const key = userIDs.join(',');
  const [loaded, setLoaded] = useState<Loaded>({ key: '', names: { state: 'loading' } });
  useEffect(() => {
    if (!key) return undefined;
    let live = true;
    im.account.getUsersInfo(key.split(',')).then(
      (users) =>
        live &&
        setLoaded({
          key,
          names: { state: 'ready', byID: new Map(users.map((u) => [u.userID, u.nickname])) },
        }),
      () => live && setLoaded({ key, names: { state: 'failed' } }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  // Names of another set of users are still loading.
  return loaded.key === key ? loaded.names : { state: 'loading' };
}

interface Props {
  message: MessageItem | null;
  selfID: string;
  onTakeBack: (message: MessageItem, emoji: string) => void;
  onClose: () => void;
}

/**
 * Who reacted to a message, per emoji, by name ("You" for the user), with a way to take back the
 * user's own reactions. Names load from the server: loading and failure are shown.
 */
export function ReactorsSheet({ message, selfID, onTakeBack, onClose }: Props) {
  const { t } = useTranslation();
  const reactions = message?.reactions ?? [];
  const ids = [...new Set(reactions.flatMap((r) => r.userIDs))].filter((id) => id !== selfID).sort();
  const names = useNames(ids);
  const nameOf = (id: string) =>
    id === selfID ? t('changes.you') : names.state === 'ready' ? (names.byID.get(id) ?? id) : '';
  const loading = ids.length > 0 && names.state === 'loading';
  const opened = useOpenedOnce(message !== null);
  if (!opened) return null;
  return (
    <Popup
      visible={message !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <section role="dialog" aria-label={t('changes.whoReacted')} className={sheet.menu}>
        <h2 className={sheet.title}>{t('changes.whoReacted')}</h2>
        {loading && <p className={styles.state}>{t('changes.loadingNames')}</p>}
        {ids.length > 0 && names.state === 'failed' && (
          <p className={styles.state}>{t('changes.namesFailed')}</p>
        )}
        {!loading && (
          <ul className={styles.reactors}>
            {reactions.map((r) => (
              <li key={r.emoji} className={styles.reactorGroup}>
                <span className={styles.reactorEmoji} aria-hidden="true">
                  {r.emoji}
                </span>
                {r.userIDs.map(nameOf).filter(Boolean).join(', ')}
              </li>
            ))}
          </ul>
        )}
        {message &&
          reactions
            .filter((r) => r.userIDs.includes(selfID))
            .map((r) => (
              <button
                key={r.emoji}
                type="button"
                className={sheet.item}
                onClick={() => {
                  onClose();
                  onTakeBack(message, r.emoji);
                }}
              >
                {t('changes.takeBack', { emoji: r.emoji })}
              </button>
            ))}
        <button type="button" className={`${sheet.item} ${sheet.cancel}`} onClick={onClose}>
          {t('common.cancel')}
        </button>
      </section>
    </Popup>
  );
}

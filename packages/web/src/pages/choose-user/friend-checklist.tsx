import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { SearchBox } from '../../components/search-box';
import type { FriendItem } from '../../stores/contact-types';
import { displayName } from '../../utils/display-name';
import styles from './choose-user.module.css';

interface Props {
  friends: FriendItem[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Friends shown checked and disabled, with a note (already in the group). */
  locked?: Set<string>;
  lockedNote?: string;
}

/** Friends whose name (remark, nickname) or ID contains the keyword, case insensitive. */
export function filterFriends(friends: readonly FriendItem[], keyword: string): FriendItem[] {
  const key = keyword.trim().toLowerCase();
  if (!key) return [...friends];
  return friends.filter((f) =>
    [displayName(f), f.nickname, f.userID].some((text) => text?.toLowerCase().includes(key)),
  );
}

/**
 * The friends as checkboxes (native ones: antd-mobile's hide their input from assistive technology),
 * each named by the friend's name, with a search box above.
 */
export function FriendChecklist({ friends, selected, onChange, locked, lockedNote }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => filterFriends(friends, keyword), [friends, keyword]);
  const toggle = (userID: string, checked: boolean) =>
    onChange(checked ? [...selected, userID] : selected.filter((id) => id !== userID));

  return (
    <>
      <SearchBox
        role="search"
        label={t('chooseUser.search')}
        placeholder={t('chooseUser.searchPlaceholder')}
        value={keyword}
        onChange={setKeyword}
      />
      {shown.length === 0 ? (
        <EmptyState text={t(friends.length === 0 ? 'empty.friends' : 'empty.results')} />
      ) : (
        <ul className={styles.list} aria-label={t('chooseUser.friends')}>
          {shown.map((friend) => {
            const name = displayName(friend);
            const isLocked = locked?.has(friend.userID) ?? false;
            return (
              <li key={friend.userID}>
                <label className={styles.row}>
                  <input
                    type="checkbox"
                    className={styles.check}
                    checked={isLocked || selected.includes(friend.userID)}
                    disabled={isLocked}
                    onChange={(event) => toggle(friend.userID, event.currentTarget.checked)}
                  />
                  <span aria-hidden="true">
                    <Avatar name={name} src={friend.faceURL} size={36} />
                  </span>
                  <span className={styles.name}>{name}</span>
                  {isLocked && lockedNote && <span className={styles.note}>{lockedNote}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

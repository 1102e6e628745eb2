import { useState } from 'react';
import type { ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import { useOpenedOnce } from '../hooks/use-opened-once';
import type { GroupMemberInfo } from '@im/protocol';
import { memberName } from '../utils/group-roles';
import { Avatar } from './avatar';
import { SearchBox } from './search-box';
import styles from './sheet.module.css';

interface Props {
  /** The dialog's name and title. */
  title: string;
  visible: boolean;
  /** The members offered for `keyword` (the caller filters: the @ picker adds @all, others leave some out). */
  options: (keyword: string) => GroupMemberInfo[];
  /** Options above the members (the @ picker's "All members"). */
  extra?: (keyword: string) => ReactNode;
  onPick: (member: GroupMemberInfo) => void;
  onClose: () => void;
}

/**
 * A bottom sheet to pick one member, with a search box: the @ picker, ownership transfer, a new
 * admin. Each member is a button named by their name in the group.
 */
export function MemberPicker({ title, visible, options, extra, onPick, onClose }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  if (!visible && keyword) setKeyword(''); // closed by the caller after a pick: start afresh next time
  const opened = useOpenedOnce(visible);
  if (!opened) return null;
  const close = () => {
    setKeyword('');
    onClose();
  };
  const members = visible ? options(keyword) : [];
  const top = visible ? extra?.(keyword) : null;
  return (
    <Popup
      visible={visible}
      onMaskClick={close}
      onClose={close}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      <div role="dialog" aria-label={title} className={styles.picker}>
        <h2 className={styles.title}>{title}</h2>
        <SearchBox
          label={t('groupMembers.search')}
          placeholder={t('groupMembers.searchPlaceholder')}
          value={keyword}
          onChange={setKeyword}
        />
        <ul className={styles.options}>
          {top}
          {members.map((member) => (
            <li key={member.userID}>
              <button
                type="button"
                className={styles.option}
                onClick={() => {
                  setKeyword('');
                  onPick(member);
                }}
              >
                <span aria-hidden="true">
                  <Avatar name={memberName(member)} src={member.faceURL} size={32} />
                </span>
                <span>{memberName(member)}</span>
              </button>
            </li>
          ))}
          {members.length === 0 && !top && <li className={styles.empty}>{t('empty.members')}</li>}
        </ul>
        <button type="button" className={`${styles.item} ${styles.cancel}`} onClick={close}>
          {t('common.cancel')}
        </button>
      </div>
    </Popup>
  );
}

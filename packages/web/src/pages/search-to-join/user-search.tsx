import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Input, List, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { LinkItem } from '../../components/list-items';
import { PageLoading } from '../../components/page-loading';
import { im } from '../../sdk/im';
import styles from './search-to-join.module.css';

/**
 * A user by ID, phone number or e-mail (exact, through the chat service's user search): the
 * results link to the user's card; none: "No user found"; a failure: the "Search failed" toast
 * (spec §8).
 */
export function UserSearch() {
  const { t } = useTranslation();
  const inputID = useId();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<'idle' | 'searching' | 'done'>('idle');
  const [users, setUsers] = useState<UserInfo[]>([]);

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = keyword.trim();
    if (!text) return;
    setState('searching');
    try {
      setUsers((await im.user.search(text)).users);
      setState('done');
    } catch (error) {
      console.error('user search failed', error);
      setState('idle');
      Toast.show({ icon: 'fail', content: t('common.searchFailed') });
    }
  };

  return (
    <>
      <form className={styles.bar} role="search" onSubmit={(event) => void search(event)}>
        <label htmlFor={inputID} className="visually-hidden">
          {t('search.userLabel')}
        </label>
        <Input
          id={inputID}
          className={styles.input}
          type="search"
          enterKeyHint="search"
          value={keyword}
          onChange={setKeyword}
          placeholder={t('search.userPlaceholder')}
          clearable
        />
        <Button type="submit" color="primary" size="small" disabled={!keyword.trim()}>
          {t('search.search')}
        </Button>
      </form>
      {state === 'searching' && <PageLoading />}
      {state === 'done' && users.length === 0 && <EmptyState text={t('search.noUser')} />}
      {state === 'done' && users.length > 0 && (
        <section aria-label={t('search.results')}>
          <List>
            {users.map((user) => (
              <LinkItem
                key={user.userID}
                to={`/userCard?userID=${encodeURIComponent(user.userID)}`}
                prefix={<Avatar name={user.nickname || user.userID} src={user.faceURL} size={40} />}
                description={t('profile.id', { id: user.userID })}
              >
                {user.nickname || user.userID}
              </LinkItem>
            ))}
          </List>
        </section>
      )}
    </>
  );
}

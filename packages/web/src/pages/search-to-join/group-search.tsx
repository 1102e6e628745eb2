import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Input, List, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PublicGroupCard } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { LinkItem } from '../../components/list-items';
import { PageLoading } from '../../components/page-loading';
import { im } from '../../sdk/im';
import { groupCardPath } from '../../utils/qr-payload';
import styles from './search-to-join.module.css';

/**
 * A group by its exact ID (searchGroup answers its public card to anyone): the result links to the
 * group's card (/groupCard), where one joins or applies; none: "No group found"; a failure: the
 * "Search failed" toast (spec §8).
 */
export function GroupSearch() {
  const { t } = useTranslation();
  const inputID = useId();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<'idle' | 'searching' | 'done'>('idle');
  const [groups, setGroups] = useState<PublicGroupCard[]>([]);

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    const text = keyword.trim();
    if (!text) return;
    setState('searching');
    try {
      setGroups(await im.searchGroup(text));
      setState('done');
    } catch (error) {
      console.error('group search failed', error);
      setState('idle');
      Toast.show({ icon: 'fail', content: t('common.searchFailed') });
    }
  };

  return (
    <>
      <form className={styles.bar} role="search" onSubmit={(event) => void search(event)}>
        <label htmlFor={inputID} className="visually-hidden">
          {t('groupSearch.label')}
        </label>
        <Input
          id={inputID}
          className={styles.input}
          type="search"
          enterKeyHint="search"
          value={keyword}
          onChange={setKeyword}
          placeholder={t('groupSearch.placeholder')}
          clearable
        />
        <Button type="submit" color="primary" size="small" disabled={!keyword.trim()}>
          {t('search.search')}
        </Button>
      </form>
      {state === 'searching' && <PageLoading />}
      {state === 'done' && groups.length === 0 && <EmptyState text={t('groupSearch.noGroup')} />}
      {state === 'done' && groups.length > 0 && (
        <section aria-label={t('search.results')}>
          <List>
            {groups.map((group) => {
              const name = group.groupName || group.groupID;
              return (
                <LinkItem
                  key={group.groupID}
                  to={groupCardPath(group.groupID)}
                  prefix={<Avatar name={name} src={group.faceURL} size={40} />}
                  description={t('group.memberCount', { count: group.memberCount })}
                >
                  {name}
                </LinkItem>
              );
            })}
          </List>
        </section>
      )}
    </>
  );
}

import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { List, Tag } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from '../../i18n/use-translation';
import type { GroupInfo, GroupMemberInfo } from '@im/protocol';
import { ActionMenu } from '../../components/action-menu';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { ButtonItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { SearchBox } from '../../components/search-box';
import { PageLoading } from '../../components/page-loading';
import { useGroup } from '../../hooks/use-group';
import { nextWake, useNow } from '../../hooks/use-now';
import { useOpenMemberCard } from '../../hooks/use-open-member-card';
import { filterMembers, isMemberMuted, memberName, roleLabelKey } from '../../utils/group-roles';
import { useMemberActions } from './use-member-actions';
import styles from './group-member-list.module.css';

/**
 * /groupMemberList?groupID=…: the members (owner, admins, then by join time) with a search; a tap
 * opens the member's card (as lookMemberInfo allows) or, where the user's role allows more, a menu:
 * mute for a chosen length or unmute, remove (after a confirmation), set or remove admin (owner).
 */
export function GroupMemberListPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const groupID = query.get('groupID') ?? '';
  const { info, members, self, selfID, isMember } = useGroup(groupID);

  let body;
  if (!groupID) body = <EmptyState text={t('empty.group')} />;
  else if (isMember === false) body = <EmptyState text={t('group.notMember')} />;
  else if (!info || !members) body = <PageLoading />;
  else
    body = (
      <MemberList group={info} members={members} self={{ userID: selfID, roleLevel: self?.roleLevel }} />
    );

  const title = info ? `${t('pages.groupMemberList')} (${info.memberCount})` : t('pages.groupMemberList');
  return <Page title={title}>{body}</Page>;
}

interface ListProps {
  group: GroupInfo;
  members: GroupMemberInfo[];
  self: { userID: string; roleLevel: number | undefined };
}

function MemberList({ group, members, self }: ListProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => filterMembers(members, keyword), [members, keyword]);
  const openCard = useOpenMemberCard(group, self.userID, self.roleLevel);
  const actions = useMemberActions(group, self, openCard);
  const [start] = useState(() => Date.now());
  const now = useNow(
    nextWake(
      members.map((m) => m.muteEndTime),
      start,
    ),
  );

  return (
    <>
      <SearchBox
        role="search"
        label={t('groupMembers.search')}
        placeholder={t('groupMembers.searchPlaceholder')}
        value={keyword}
        onChange={setKeyword}
      />
      {shown.length === 0 ? (
        <EmptyState text={t('empty.results')} />
      ) : (
        <section aria-label={t('groupMembers.list')}>
          <List>
            {shown.map((member) => {
              const name = memberName(member);
              const role = roleLabelKey(member.roleLevel);
              const muted = isMemberMuted(member, now);
              return (
                <ButtonItem
                  key={member.userID}
                  onClick={() => actions.open(member)}
                  prefix={<Avatar name={name} src={member.faceURL} size={40} />}
                  description={
                    muted
                      ? t('groupMembers.mutedUntil', {
                          time: dayjs(member.muteEndTime).format('MM-DD HH:mm'),
                        })
                      : undefined
                  }
                  extra={
                    <span className={styles.tags}>
                      {role && (
                        <Tag color="primary" fill="outline">
                          {t(role)}
                        </Tag>
                      )}
                      {muted && (
                        <Tag color="danger" fill="outline">
                          {t('group.muted')}
                        </Tag>
                      )}
                    </span>
                  }
                >
                  {member.userID === self.userID ? `${name} (${t('group.you')})` : name}
                </ButtonItem>
              );
            })}
          </List>
        </section>
      )}
      <ActionMenu
        title={actions.menu.title}
        items={actions.menu.items}
        onPick={actions.menu.pick}
        onClose={actions.menu.close}
      />
      <ActionMenu
        title={actions.muteMenu.title}
        items={actions.muteMenu.items}
        onPick={actions.muteMenu.pick}
        onClose={actions.muteMenu.close}
      />
    </>
  );
}

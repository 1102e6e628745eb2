import { useEffect } from 'react';
import { List } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import type { GroupMemberInfo } from '@im/protocol';
import { useContactStore } from '../../stores/contact-store';
import { roleLabelKey } from '../../utils/group-roles';

/**
 * On a card opened from a group (docs/product.md#client-state `userCardData.groupMemberInfo`): the
 * member's nickname in that group and their role (owner, admin or member).
 */
export function MemberInGroup({ member }: { member: GroupMemberInfo }) {
  const { t } = useTranslation();
  useEffect(() => {
    const { userCardData, setUserCardData } = useContactStore.getState();
    setUserCardData({ ...userCardData, groupMemberInfo: member });
  }, [member]);

  const roleKey = roleLabelKey(member.roleLevel);
  return (
    <section aria-label={t('memberCard.region')}>
      <List header={t('memberCard.region')}>
        <List.Item extra={member.groupNickname || t('common.notSet')}>
          {t('memberCard.groupNickname')}
        </List.Item>
        <List.Item extra={roleKey ? t(roleKey) : t('memberCard.member')}>{t('memberCard.role')}</List.Item>
      </List>
    </section>
  );
}

import { useState } from 'react';
import { Button, Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { REMARK_MAX } from '@im/protocol';
import { Page } from '../../components/page';
import { useGoBack } from '../../hooks/use-go-back';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { showActionError } from '../../utils/failure-toast';
import type { FriendInfoQuery } from '../../router/friend-info-query';
import { paths } from '../../router/paths';

/** A friend's remark (only this user sees it); empty clears it, and the nickname shows again. */
export function RemarkForm({ friend }: { friend: FriendInfoQuery }) {
  const { t } = useTranslation();
  const goBack = useGoBack(paths.userCardSetting({ userID: friend.userID }));
  const current = useContactStore(
    (s) => s.friendList.find((f) => f.userID === friend.userID)?.remark ?? friend.remark,
  );
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: { remark?: string }) => {
    setSaving(true);
    try {
      const updated = await im.contacts.setFriendRemark({
        friendUserID: friend.userID,
        remark: (values.remark ?? '').trim(),
      });
      useContactStore.getState().upsertFriend(updated);
      Toast.show({ icon: 'success', content: t('selfInfo.saved') });
      goBack();
    } catch (error) {
      showActionError(error, 'saving the remark failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title={t('changeName.remarkTitle')}>
      <Form
        name="changeRemark"
        requiredMarkStyle="none"
        initialValues={{ remark: current }}
        onFinish={(values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" loading={saving}>
            {t('common.save')}
          </Button>
        }
      >
        <Form.Item name="remark" label={t('changeName.remark')}>
          <Input
            maxLength={REMARK_MAX}
            placeholder={friend.nickname || t('changeName.enterRemark')}
            clearable
          />
        </Form.Item>
      </Form>
    </Page>
  );
}

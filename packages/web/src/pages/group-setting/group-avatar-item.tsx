import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { List, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import type { GroupInfo } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { useGroupStore } from '../../stores/group-store';
import { showUploadError } from '../../utils/failure-toast';
import { squareImage } from '../../utils/square-image';

/**
 * The group avatar row for the owner and admins: a picture input named "Change group avatar"; the
 * picture is cropped to its centre square, uploaded, and set as the group's face.
 */
export function GroupAvatarItem({ group }: { group: GroupInfo }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setSaving(true);
    try {
      const blob = await squareImage(file).catch(() => {
        throw new Error('not a picture');
      });
      const { url } = await im.files.uploadFile(blob);
      const updated = await im.groups.setGroupInfo({ groupID: group.groupID, faceURL: url });
      useGroupStore.getState().putGroup(updated);
      useContactStore.getState().upsertGroup(updated, true);
      Toast.show({ icon: 'success', content: t('groupSetting.avatarSaved') });
    } catch (error) {
      if (error instanceof Error && error.message === 'not a picture')
        Toast.show({ icon: 'fail', content: t('selfInfo.notImage') });
      else showUploadError(error, 'changing the group avatar failed');
    } finally {
      setSaving(false);
    }
  };

  return (
    <List.Item
      className="stretched-item"
      extra={<Avatar name={group.groupName} src={group.faceURL} size={36} />}
      arrow
    >
      <label className="stretched-link" aria-busy={saving}>
        {t('groupSetting.avatar')}
        <input
          type="file"
          accept="image/*"
          className="visually-hidden"
          aria-label={t('groupSetting.changeAvatar')}
          disabled={saving}
          onChange={(event) => void onFile(event)}
        />
      </label>
    </List.Item>
  );
}

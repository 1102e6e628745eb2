import { useNavigate } from 'react-router';
import { Dialog, Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import { GroupStatus } from '@im/protocol';
import { im } from '../../sdk/im';
import { useContactStore } from '../../stores/contact-store';
import { useGroupStore } from '../../stores/group-store';
import { showActionError } from '../../utils/failure-toast';
import { paths } from '../../router/paths';

/**
 * Leaving a group after a confirmation: an ordinary member or an admin quits; the owner or an admin
 * disbands it for everyone (docs/product.md#roles-and-permissions; the owner cannot quit, 1408). The conversation stays with its history; the app goes
 * to the chats list.
 */
export function useLeaveGroup(groupID: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const done = (text: string) => {
    Toast.show({ icon: 'success', content: text });
    void navigate(paths.conversation(), { replace: true });
  };

  const quit = () =>
    Dialog.confirm({
      content: t('groupSetting.quitConfirm'),
      confirmText: t('groupSetting.leave'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        try {
          await im.groups.quitGroup(groupID);
          useContactStore.getState().removeGroup(groupID);
          useGroupStore.getState().setMembership(groupID, false);
          done(t('groupSetting.quitDone'));
        } catch (error) {
          showActionError(error, 'quitting the group failed');
        }
      },
    });

  const dismiss = () =>
    Dialog.confirm({
      content: t('groupSetting.dismissConfirm'),
      confirmText: t('groupSetting.disband'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        try {
          await im.groups.dismissGroup(groupID);
          useContactStore.getState().removeGroup(groupID);
          const info = useGroupStore.getState().infos[groupID];
          if (info) useGroupStore.getState().putGroup({ ...info, status: GroupStatus.Dismissed });
          done(t('groupSetting.dismissDone'));
        } catch (error) {
          showActionError(error, 'disbanding the group failed');
        }
      },
    });

  return { quit: () => void quit(), dismiss: () => void dismiss() };
}

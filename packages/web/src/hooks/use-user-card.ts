import { useEffect, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from '../i18n/use-translation';
import type { UserInfo } from '@im/protocol';
import { im } from '../sdk/im';
import { useContactStore } from '../stores/contact-store';

export interface UserCard {
  /** The profile as the chat service answers it to this user (remark for a friend). */
  info: UserInfo | null;
  loading: boolean;
  failed: boolean;
  isFriend: boolean;
  /** In this user's own blacklist. */
  isBlack: boolean;
  /** The remark as it is now (a change on the settings screen shows at once). */
  remark: string;
}

/**
 * Another user's card (`userCardData.baseInfo`, docs/product.md#client-state): the profile once, then
 * friendship, remark and blacklist from the contacts state, kept live by the core's events. A failure
 * shows the translated get-user-info-failed toast (docs/product.md#error-texts).
 */
export function useUserCard(userID: string): UserCard {
  const { t } = useTranslation();
  // The answer for one userID; another userID is loading until its own answer comes.
  const [result, setResult] = useState<{ userID: string; info: UserInfo | null } | null>(null);
  const [checked, setChecked] = useState<{ isFriend: boolean; isBlack: boolean } | null>(null);
  const loaded = useContactStore((s) => s.loaded);
  const friend = useContactStore((s) => s.friendList.find((f) => f.userID === userID));
  const inBlackList = useContactStore((s) => s.blackList.some((b) => b.userID === userID));

  useEffect(() => {
    if (!userID) return undefined;
    let live = true;
    im.account
      .getUsersFullInfo([userID])
      .then(([user]) => {
        if (!live) return;
        if (!user) throw new Error('no such user');
        setResult({ userID, info: user });
        // A membership of the same user (the card opened from a group) stays with the new profile.
        const { userCardData, setUserCardData } = useContactStore.getState();
        const member = userCardData.groupMemberInfo;
        setUserCardData({
          baseInfo: { ...user },
          ...(member?.userID === userID ? { groupMemberInfo: member } : {}),
        });
      })
      .catch((error: unknown) => {
        if (!live) return;
        console.error('getting the user card failed', error);
        setResult({ userID, info: null });
        Toast.show({ icon: 'fail', content: t('userCard.getInfoFailed') });
      });
    return () => {
      live = false;
    };
  }, [userID, t]);

  // Before the contacts have loaded (a card opened straight from its address) ask the server.
  useEffect(() => {
    if (loaded || !userID) return undefined;
    let live = true;
    im.contacts
      .checkFriend(userID)
      .then((relation) => live && setChecked(relation))
      .catch((error: unknown) => console.error('checking the friendship failed', error));
    return () => {
      live = false;
    };
  }, [loaded, userID]);

  const current = result?.userID === userID ? result : null;
  const info = current?.info ?? null;
  const isFriend = loaded ? Boolean(friend) : (checked?.isFriend ?? false);
  const isBlack = loaded ? inBlackList : (checked?.isBlack ?? false);
  return {
    info,
    loading: current === null,
    failed: current !== null && current.info === null,
    isFriend,
    isBlack,
    remark: isFriend ? (friend?.remark ?? info?.remark ?? '') : '',
  };
}

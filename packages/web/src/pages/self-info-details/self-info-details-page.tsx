import { useState } from 'react';
import { DatePicker, List, Picker, Switch, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from '../../i18n/use-translation';
import { AllowAddFriend, Gender } from '@im/protocol';
import type { UpdateUserReq } from '@im/protocol';
import { ButtonItem, LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { im } from '../../sdk/im';
import { useUserStore } from '../../stores/user-store';
import { showActionError } from '../../utils/failure-toast';
import { ageFrom } from '../../utils/age';
import { AvatarPicker } from './avatar-picker';
import { UsernameItem } from './username-item';
import { paths } from '../../router/paths';

const OLDEST_BIRTHDAY = new Date(1900, 0, 1);

/**
 * /selfInfoDetails: my profile: the avatar (picked, previewed, uploaded), the nickname on its own
 * screen, gender and birthday in pickers (the age follows the birthday), ID, the username in its own
 * sheet, phone and e-mail read-only, and whether others may add me as a friend (allowAddFriend 1 / 2).
 */
export function SelfInfoDetailsPage() {
  const { t } = useTranslation();
  const self = useUserStore((s) => s.selfInfo);
  const [picking, setPicking] = useState<'gender' | 'birthday' | null>(null);
  const [allowPending, setAllowPending] = useState<boolean | null>(null);

  const save = async (fields: Omit<UpdateUserReq, 'userID'>) => {
    try {
      await im.account.setSelfInfo(fields); // announces selfInfoUpdated, which refreshes the store
      Toast.show({ icon: 'success', content: t('selfInfo.saved') });
    } catch (error) {
      showActionError(error, 'saving the profile failed');
    }
  };

  const genderText = (gender: number | undefined) =>
    gender === Gender.MALE
      ? t('selfInfo.male')
      : gender === Gender.FEMALE
        ? t('selfInfo.female')
        : t('selfInfo.unknown');
  const birth = self?.birth ? new Date(self.birth) : null;
  const name = self?.nickname ?? '';
  const age = ageFrom(self?.birth ?? 0);
  const phone = self?.phoneNumber ? `${self.areaCode} ${self.phoneNumber}` : t('common.notSet');

  return (
    <Page title={t('selfInfo.title')}>
      <List>
        <AvatarPicker name={name} faceURL={self?.faceURL} />
        <LinkItem to={paths.changeNameOrRemark()} extra={name}>
          {t('selfInfo.nickname')}
        </LinkItem>
        <ButtonItem onClick={() => setPicking('gender')} extra={genderText(self?.gender)}>
          {t('selfInfo.gender')}
        </ButtonItem>
        <ButtonItem
          onClick={() => setPicking('birthday')}
          extra={birth ? dayjs(birth).format('YYYY-MM-DD') : t('common.notSet')}
        >
          {t('selfInfo.birthday')}
        </ButtonItem>
        {age !== null && <List.Item extra={t('age.value', { count: age })}>{t('age.label')}</List.Item>}
      </List>
      <List style={{ marginTop: 12 }}>
        <List.Item extra={self?.userID}>{t('selfInfo.userID')}</List.Item>
        <UsernameItem userName={self?.userName ?? ''} />
        <List.Item extra={phone}>{t('selfInfo.phone')}</List.Item>
        <List.Item extra={self?.email || t('common.notSet')}>{t('selfInfo.email')}</List.Item>
      </List>
      <List style={{ marginTop: 12 }}>
        <List.Item
          description={t('selfInfo.allowAddFriendHint')}
          extra={
            <Switch
              checked={allowPending ?? self?.allowAddFriend !== AllowAddFriend.DENY}
              loading={allowPending !== null}
              disabled={!self}
              aria-label={t('selfInfo.allowAddFriend')}
              onChange={(allow) => {
                setAllowPending(allow);
                void save({ allowAddFriend: allow ? AllowAddFriend.ALLOW : AllowAddFriend.DENY }).finally(
                  () => setAllowPending(null),
                );
              }}
            />
          }
        >
          {t('selfInfo.allowAddFriend')}
        </List.Item>
      </List>
      <Picker
        title={t('selfInfo.chooseGender')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        visible={picking === 'gender'}
        onClose={() => setPicking(null)}
        columns={[
          [
            { label: t('selfInfo.male'), value: String(Gender.MALE) },
            { label: t('selfInfo.female'), value: String(Gender.FEMALE) },
          ],
        ]}
        value={self?.gender ? [String(self.gender)] : undefined}
        onConfirm={(value) => {
          if (value[0]) void save({ gender: Number(value[0]) });
        }}
      />
      <DatePicker
        title={t('selfInfo.chooseBirthday')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        visible={picking === 'birthday'}
        onClose={() => setPicking(null)}
        min={OLDEST_BIRTHDAY}
        max={new Date()}
        defaultValue={birth ?? new Date(2000, 0, 1)}
        onConfirm={(date) => void save({ birth: dayjs(date).startOf('day').valueOf() })}
      />
    </Page>
  );
}

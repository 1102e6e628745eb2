import { useSearchParams } from 'react-router';
import { List } from 'antd-mobile';
import dayjs from 'dayjs';
import { useTranslation } from '../../i18n/use-translation';
import { Gender } from '@im/protocol';
import { Avatar } from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { PageLoading } from '../../components/page-loading';
import { useUserCard } from '../../hooks/use-user-card';
import { ageFrom } from '../../utils/age';

/**
 * /userCardDetails?userID=…: a user's profile fields, read-only. Phone and e-mail show only when
 * the chat service gives them (one's own; another user's are blank).
 */
export function UserCardDetailsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userID = params.get('userID') ?? '';
  const card = useUserCard(userID);

  let body;
  if (!userID || card.failed) body = <EmptyState text={t('empty.user')} />;
  else if (!card.info) body = <PageLoading />;
  else {
    const { info } = card;
    const gender =
      info.gender === Gender.MALE
        ? t('selfInfo.male')
        : info.gender === Gender.FEMALE
          ? t('selfInfo.female')
          : t('selfInfo.unknown');
    const age = ageFrom(info.birth);
    const phone = info.phoneNumber ? `${info.areaCode} ${info.phoneNumber}`.trim() : '';
    body = (
      <List>
        <List.Item extra={<Avatar name={info.nickname || userID} src={info.faceURL} size={40} />}>
          {t('profile.avatar')}
        </List.Item>
        <List.Item extra={info.nickname}>{t('selfInfo.nickname')}</List.Item>
        {card.remark && <List.Item extra={card.remark}>{t('changeName.remark')}</List.Item>}
        <List.Item extra={info.userID}>{t('selfInfo.userID')}</List.Item>
        <List.Item extra={gender}>{t('selfInfo.gender')}</List.Item>
        <List.Item extra={info.birth ? dayjs(info.birth).format('YYYY-MM-DD') : t('common.notSet')}>
          {t('selfInfo.birthday')}
        </List.Item>
        {age !== null && <List.Item extra={t('age.value', { count: age })}>{t('age.label')}</List.Item>}
        {info.userName && <List.Item extra={info.userName}>{t('username.label')}</List.Item>}
        {phone && <List.Item extra={phone}>{t('selfInfo.phone')}</List.Item>}
        {info.email && <List.Item extra={info.email}>{t('selfInfo.email')}</List.Item>}
      </List>
    );
  }
  return <Page title={t('pages.userCardDetails')}>{body}</Page>;
}

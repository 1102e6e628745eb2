import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, List } from 'antd-mobile';
import {
  GlobalOutline,
  InformationCircleOutline,
  LockOutline,
  PhoneFill,
  ScanCodeOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { IdentityCard } from '../../components/identity-card';
import { ButtonItem, LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { signOut } from '../../session/session';
import { useUserStore } from '../../stores/user-store';
import styles from './profile-page.module.css';
import { paths } from '../../router/paths';
import { showActionError } from '../../utils/failure-toast';

// The QR code drawing loads when the code is first shown.
const MyQrCode = lazy(() => import('../../components/my-qr-code').then((m) => ({ default: m.MyQrCode })));

/** /profile: who I am (and my QR code), my call records, my settings, and logging out. */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const self = useUserStore((s) => s.selfInfo);
  const name = self?.nickname ?? '';
  const [qrOpen, setQrOpen] = useState(false);
  const [qrUsed, setQrUsed] = useState(false);

  const logout = () =>
    Dialog.confirm({
      content: t('profile.logoutConfirm'),
      confirmText: t('profile.logout'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        try {
          await signOut();
          void navigate(paths.login(), { replace: true });
        } catch (error) {
          // Never a silent failure: the user stays logged in and is told (docs/product.md#error-texts).
          showActionError(error, 'logout failed');
        }
      },
    });

  return (
    <Page title={t('profile.title')} back={false}>
      <IdentityCard
        label={t('profile.personalInfo')}
        name={name}
        face={self?.faceURL}
        meta={[self && t('profile.id', { id: self.userID })]}
      />
      <List>
        <LinkItem to={paths.selfInfoDetails()} prefix={<UserOutline aria-hidden="true" />}>
          {t('profile.personalInfo')}
        </LinkItem>
        <ButtonItem
          onClick={() => {
            setQrUsed(true);
            setQrOpen(true);
          }}
          prefix={<ScanCodeOutline aria-hidden="true" />}
        >
          {t('qr.myCode')}
        </ButtonItem>
        <LinkItem to={paths.callRecords()} prefix={<PhoneFill aria-hidden="true" />}>
          {t('calls.records')}
        </LinkItem>
        <LinkItem to={paths.accountSettings()} prefix={<LockOutline aria-hidden="true" />}>
          {t('profile.accountSettings')}
        </LinkItem>
        <LinkItem to={paths.language()} prefix={<GlobalOutline aria-hidden="true" />}>
          {t('profile.language')}
        </LinkItem>
        <LinkItem to={paths.about()} prefix={<InformationCircleOutline aria-hidden="true" />}>
          {t('profile.about')}
        </LinkItem>
      </List>
      <div className={styles.logout}>
        <Button block color="danger" fill="outline" onClick={() => void logout()}>
          {t('profile.logout')}
        </Button>
      </div>
      {qrUsed && (
        <Suspense fallback={null}>
          <MyQrCode visible={qrOpen} onClose={() => setQrOpen(false)} />
        </Suspense>
      )}
    </Page>
  );
}

import { lazy, Suspense, useState } from 'react';
import { List } from 'antd-mobile';
import { AddSquareOutline, ScanningOutline, TeamOutline, UserAddOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../i18n/use-translation';
import { ButtonItem, LinkItem } from '../../components/list-items';
import { Page } from '../../components/page';
import { paths } from '../../router/paths';

// The scanner (camera and QR decoding) loads only when it is first opened.
const QrScanner = lazy(() => import('../../components/qr-scanner').then((m) => ({ default: m.QrScanner })));

/** /contactAdd: the ways to add someone: scan a card, a friend by ID, a group by ID, a new group. */
export function ContactAddPage() {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  const [scannerUsed, setScannerUsed] = useState(false);
  return (
    <Page title={t('pages.contactAdd')}>
      <List>
        <ButtonItem
          onClick={() => {
            setScannerUsed(true);
            setScanning(true);
          }}
          prefix={<ScanningOutline aria-hidden="true" />}
        >
          {t('qr.scan')}
        </ButtonItem>
        <LinkItem to={paths.searchToJoin({ isGroup: false })} prefix={<UserAddOutline aria-hidden="true" />}>
          {t('pages.searchFriend')}
        </LinkItem>
        <LinkItem to={paths.searchToJoin({ isGroup: true })} prefix={<TeamOutline aria-hidden="true" />}>
          {t('pages.searchGroup')}
        </LinkItem>
        <LinkItem to={paths.createGroup()} prefix={<AddSquareOutline aria-hidden="true" />}>
          {t('pages.createGroup')}
        </LinkItem>
      </List>
      {scannerUsed && (
        <Suspense fallback={null}>
          <QrScanner visible={scanning} onClose={() => setScanning(false)} />
        </Suspense>
      )}
    </Page>
  );
}

import { Suspense, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { TabBar } from 'antd-mobile';
import { MessageOutline, UserContactOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from '../i18n/use-translation';
import { PageLoading } from '../components/page-loading';
import { ErrorBoundary } from '../components/error-boundary';
import { useContactStore } from '../stores/contact-store';
import { useConversationStore } from '../stores/conversation-store';
import { formatBadge } from '../utils/format-badge';
import { lazyPage } from './lazy-page';
import { ConversationScreen, prefetchChat } from './screens';
import { PageActivityContext, usePageActive } from './page-activity';
import { routePath } from './paths';
import type { TabPath } from './paths';
import styles from './tab-layout.module.css';

const ContactPage = lazyPage(() => import('../pages/contact/contact-page'), 'ContactPage');
const ProfilePage = lazyPage(() => import('../pages/profile/profile-page'), 'ProfilePage');

interface Tab {
  path: TabPath;
  titleKey: 'tabs.conversation' | 'tabs.contact' | 'tabs.profile';
  icon: ReactNode;
  Page: ComponentType;
}

const tabs: Tab[] = [
  {
    path: routePath.conversation,
    titleKey: 'tabs.conversation',
    icon: <MessageOutline />,
    Page: ConversationScreen,
  },
  { path: routePath.contact, titleKey: 'tabs.contact', icon: <UserContactOutline />, Page: ContactPage },
  { path: routePath.profile, titleKey: 'tabs.profile', icon: <UserOutline />, Page: ProfilePage },
];

/**
 * The three tabs. A tab once shown stays mounted and is only hidden (tab screens are kept alive,
 * docs/product.md#shell-behaviour), so coming back keeps its scroll position and state; the layout
 * itself is kept alive by the KeepAliveOutlet while another screen (a chat) is open.
 */
export function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = usePageActive();
  const unread = useConversationStore((s) => s.unreadCount);
  const applications = useContactStore((s) => s.unHandleFriendApplicationNum + s.unHandleGroupApplicationNum);
  const [visited, setVisited] = useState<string[]>([pathname]);
  useEffect(() => prefetchChat(), []);
  if (!visited.includes(pathname)) setVisited([...visited, pathname]);

  const badges: Record<TabPath, string | undefined> = {
    [routePath.conversation]: formatBadge(unread),
    [routePath.contact]: formatBadge(applications),
    [routePath.profile]: undefined,
  };

  return (
    <div className={styles.layout}>
      <div className={styles.panes}>
        {tabs
          .filter((tab) => visited.includes(tab.path))
          .map(({ path, Page }) => (
            <div key={path} className="kept-pane" hidden={path !== pathname} inert={path !== pathname}>
              <PageActivityContext.Provider value={active && path === pathname}>
                <ErrorBoundary>
                  <Suspense fallback={<PageLoading />}>
                    <Page />
                  </Suspense>
                </ErrorBoundary>
              </PageActivityContext.Provider>
            </div>
          ))}
      </div>
      <nav className={styles.tabBar} aria-label={t('tabs.label')}>
        <TabBar activeKey={pathname} safeArea>
          {tabs.map(({ path, titleKey, icon }) => (
            <TabBar.Item
              key={path}
              icon={<span aria-hidden="true">{icon}</span>}
              badge={badges[path]}
              title={
                <Link
                  className={styles.link}
                  to={path}
                  replace
                  aria-current={path === pathname ? 'page' : undefined}
                >
                  {t(titleKey)}
                </Link>
              }
              style={{ position: 'relative' }}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}

import { createElement } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppShell } from './app-shell';
import { GuestOnly, RequireAuth } from './guards';
import { lazyPage } from './lazy-page';
import { TabLayoutScreen } from './prefetch';
import { ChatPageScreen, LoginScreen } from './screens';
import { paths, routePath, tabPaths } from './paths';
import type { RoutePath } from './paths';

/**
 * A screen: its path and the module that holds it, loaded when the screen is first shown (each
 * `import()` stays literal here, so the build gives every screen its own chunk). `name` is the
 * screen's named export, checked against the module.
 */
function screen<M extends Record<string, unknown>>(
  path: RoutePath,
  load: () => Promise<M>,
  name: keyof M & string,
): RouteObject {
  return { path, element: createElement(lazyPage(load, name)) };
}

/** Login screens a logged-in user is sent on from (docs/product.md#shell-behaviour). */
const guestScreens = [
  { path: routePath.login, element: createElement(LoginScreen) },
  screen(routePath.verifyCode, () => import('../pages/verify-code/verify-code-page'), 'VerifyCodePage'),
  screen(routePath.setPassword, () => import('../pages/set-password/set-password-page'), 'SetPasswordPage'),
];

/** Login screens that skip the login-status check. */
const openScreens = [
  screen(routePath.getCode, () => import('../pages/get-code/get-code-page'), 'GetCodePage'),
  screen(routePath.setBaseInfo, () => import('../pages/set-base-info/set-base-info-page'), 'SetBaseInfoPage'),
];

/** Screens behind the login guard (docs/product.md#routes); router/keep-alive.ts names the kept ones. */
const guardedScreens = [
  { path: routePath.chat, element: createElement(ChatPageScreen) },
  screen(
    routePath.singleSetting,
    () => import('../pages/single-setting/single-setting-page'),
    'SingleSettingPage',
  ),
  screen(
    routePath.groupSetting,
    () => import('../pages/group-setting/group-setting-page'),
    'GroupSettingPage',
  ),
  screen(routePath.groupManage, () => import('../pages/group-manage/group-manage-page'), 'GroupManagePage'),
  screen(routePath.groupNotice, () => import('../pages/group-notice/group-notice-page'), 'GroupNoticePage'),
  screen(routePath.changeName, () => import('../pages/change-name/change-name-page'), 'ChangeNamePage'),
  screen(routePath.myFriend, () => import('../pages/my-friend/my-friend-page'), 'MyFriendPage'),
  screen(routePath.myGroup, () => import('../pages/my-group/my-group-page'), 'MyGroupPage'),
  screen(routePath.newGroup, () => import('../pages/new-group/new-group-page'), 'NewGroupPage'),
  screen(routePath.newFriend, () => import('../pages/new-friend/new-friend-page'), 'NewFriendPage'),
  screen(
    routePath.applicationList,
    () => import('../pages/application-list/application-list-page'),
    'ApplicationListPage',
  ),
  screen(
    routePath.applicationDetails,
    () => import('../pages/application-details/application-details-page'),
    'ApplicationDetailsPage',
  ),
  screen(routePath.userCard, () => import('../pages/user-card/user-card-page'), 'UserCardPage'),
  screen(routePath.groupCard, () => import('../pages/group-card/group-card-page'), 'GroupCardPage'),
  screen(
    routePath.userCardSetting,
    () => import('../pages/user-card-setting/user-card-setting-page'),
    'UserCardSettingPage',
  ),
  screen(
    routePath.userCardDetails,
    () => import('../pages/user-card-details/user-card-details-page'),
    'UserCardDetailsPage',
  ),
  screen(routePath.contactAdd, () => import('../pages/contact-add/contact-add-page'), 'ContactAddPage'),
  screen(
    routePath.searchToJoin,
    () => import('../pages/search-to-join/search-to-join-page'),
    'SearchToJoinPage',
  ),
  screen(
    routePath.sendApplication,
    () => import('../pages/send-application/send-application-page'),
    'SendApplicationPage',
  ),
  screen(
    routePath.groupMemberList,
    () => import('../pages/group-member-list/group-member-list-page'),
    'GroupMemberListPage',
  ),
  screen(routePath.createGroup, () => import('../pages/create-group/create-group-page'), 'CreateGroupPage'),
  screen(routePath.chooseUser, () => import('../pages/choose-user/choose-user-page'), 'ChooseUserPage'),
  screen(
    routePath.searchFriendOrGroup,
    () => import('../pages/search-friend-or-group/search-friend-or-group-page'),
    'SearchFriendOrGroupPage',
  ),
  screen(
    routePath.selfInfoDetails,
    () => import('../pages/self-info-details/self-info-details-page'),
    'SelfInfoDetailsPage',
  ),
  screen(routePath.about, () => import('../pages/about/about-page'), 'AboutPage'),
  screen(
    routePath.accountSettings,
    () => import('../pages/account-settings/account-settings-page'),
    'AccountSettingsPage',
  ),
  screen(routePath.blackList, () => import('../pages/black-list/black-list-page'), 'BlackListPage'),
  screen(routePath.language, () => import('../pages/language/language-page'), 'LanguagePage'),
  screen(
    routePath.changeNameOrRemark,
    () => import('../pages/change-name-or-remark/change-name-or-remark-page'),
    'ChangeNameOrRemarkPage',
  ),
  screen(routePath.callRecords, () => import('../pages/call-records/call-records-page'), 'CallRecordsPage'),
  screen(
    routePath.searchMessages,
    () => import('../pages/search-messages/search-messages-page'),
    'SearchMessagesPage',
  ),
];

const toConversation = <Navigate to={paths.conversation()} replace />;

/** Every route (docs/product.md#screens-and-routes), with its guard. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: routePath.root, element: toConversation },
      // "When arriving from /login, it checks the login status"; /getCode and /setBaseInfo skip it.
      { element: <GuestOnly />, children: guestScreens },
      ...openScreens,
      {
        element: <RequireAuth />,
        children: [
          // The tab layout renders the three tab screens itself, so their routes have no element.
          { element: <TabLayoutScreen />, children: tabPaths.map((path) => ({ path, element: null })) },
          ...guardedScreens,
        ],
      },
      { path: '*', element: toConversation },
    ],
  },
];

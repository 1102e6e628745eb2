import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppShell } from './app-shell';
import { GuestOnly, RequireAuth } from './guards';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';

// The tab layout (and with it antd-mobile's TabBar) loads only once logged in.
const TabLayout = lazyPage(() => import('./tab-layout'), 'TabLayout');

// Login routes (unguarded, spec §2).
const LoginPage = lazyPage(() => import('../pages/login/login-page'), 'LoginPage');
const GetCodePage = lazyPage(() => import('../pages/get-code/get-code-page'), 'GetCodePage');
const VerifyCodePage = lazyPage(() => import('../pages/verify-code/verify-code-page'), 'VerifyCodePage');
const SetPasswordPage = lazyPage(() => import('../pages/set-password/set-password-page'), 'SetPasswordPage');
const SetBaseInfoPage = lazyPage(
  () => import('../pages/set-base-info/set-base-info-page'),
  'SetBaseInfoPage',
);

// Common guarded routes (spec §2).
const ChatPage = lazyPage(() => import('../pages/chat/chat-page'), 'ChatPage');
const SingleSettingPage = lazyPage(
  () => import('../pages/single-setting/single-setting-page'),
  'SingleSettingPage',
);
const GroupSettingPage = lazyPage(
  () => import('../pages/group-setting/group-setting-page'),
  'GroupSettingPage',
);
const GroupManagePage = lazyPage(() => import('../pages/group-manage/group-manage-page'), 'GroupManagePage');
const GroupNoticePage = lazyPage(() => import('../pages/group-notice/group-notice-page'), 'GroupNoticePage');
const ChangeNamePage = lazyPage(() => import('../pages/change-name/change-name-page'), 'ChangeNamePage');
const MyFriendPage = lazyPage(() => import('../pages/my-friend/my-friend-page'), 'MyFriendPage');
const MyGroupPage = lazyPage(() => import('../pages/my-group/my-group-page'), 'MyGroupPage');
const NewGroupPage = lazyPage(() => import('../pages/new-group/new-group-page'), 'NewGroupPage');
const NewFriendPage = lazyPage(() => import('../pages/new-friend/new-friend-page'), 'NewFriendPage');
const ApplicationListPage = lazyPage(
  () => import('../pages/application-list/application-list-page'),
  'ApplicationListPage',
);
const ApplicationDetailsPage = lazyPage(
  () => import('../pages/application-details/application-details-page'),
  'ApplicationDetailsPage',
);
const UserCardPage = lazyPage(() => import('../pages/user-card/user-card-page'), 'UserCardPage');
const GroupCardPage = lazyPage(() => import('../pages/group-card/group-card-page'), 'GroupCardPage');
const UserCardSettingPage = lazyPage(
  () => import('../pages/user-card-setting/user-card-setting-page'),
  'UserCardSettingPage',
);
const UserCardDetailsPage = lazyPage(
  () => import('../pages/user-card-details/user-card-details-page'),
  'UserCardDetailsPage',
);
const ContactAddPage = lazyPage(() => import('../pages/contact-add/contact-add-page'), 'ContactAddPage');
const SearchToJoinPage = lazyPage(
  () => import('../pages/search-to-join/search-to-join-page'),
  'SearchToJoinPage',
);
const SendApplicationPage = lazyPage(
  () => import('../pages/send-application/send-application-page'),
  'SendApplicationPage',
);
const GroupMemberListPage = lazyPage(
  () => import('../pages/group-member-list/group-member-list-page'),
  'GroupMemberListPage',
);
const CreateGroupPage = lazyPage(() => import('../pages/create-group/create-group-page'), 'CreateGroupPage');
const ChooseUserPage = lazyPage(() => import('../pages/choose-user/choose-user-page'), 'ChooseUserPage');
const SearchFriendOrGroupPage = lazyPage(
  () => import('../pages/search-friend-or-group/search-friend-or-group-page'),
  'SearchFriendOrGroupPage',
);
const SelfInfoDetailsPage = lazyPage(
  () => import('../pages/self-info-details/self-info-details-page'),
  'SelfInfoDetailsPage',
);
const AboutPage = lazyPage(() => import('../pages/about/about-page'), 'AboutPage');
const AccountSettingsPage = lazyPage(
  () => import('../pages/account-settings/account-settings-page'),
  'AccountSettingsPage',
);
const BlackListPage = lazyPage(() => import('../pages/black-list/black-list-page'), 'BlackListPage');
const LanguagePage = lazyPage(() => import('../pages/language/language-page'), 'LanguagePage');
const ChangeNameOrRemarkPage = lazyPage(
  () => import('../pages/change-name-or-remark/change-name-or-remark-page'),
  'ChangeNameOrRemarkPage',
);

/** Every route of spec §2, with its guard. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', element: <Navigate to="/conversation" replace /> },
      {
        // "When arriving from /login, it checks the login status"; /getCode and /setBaseInfo skip it.
        element: <GuestOnly />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/verifyCode', element: <VerifyCodePage /> },
          { path: '/setPassword', element: <SetPasswordPage /> },
        ],
      },
      { path: '/getCode', element: <GetCodePage /> },
      { path: '/setBaseInfo', element: <SetBaseInfoPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            // The tab layout renders and keeps alive the three tab screens itself.
            element: <TabLayout />,
            children: [
              { path: '/conversation', element: null },
              { path: '/contact', element: null },
              { path: '/profile', element: null },
            ],
          },
          { path: '/chat', element: <ChatPage /> },
          { path: '/singleSetting', element: <SingleSettingPage /> },
          { path: '/groupSetting', element: <GroupSettingPage /> },
          { path: '/groupManage', element: <GroupManagePage /> },
          { path: '/groupNotice', element: <GroupNoticePage /> },
          { path: '/changeName', element: <ChangeNamePage /> },
          { path: '/myFriend', element: <MyFriendPage /> },
          { path: '/myGroup', element: <MyGroupPage /> },
          { path: '/newGroup', element: <NewGroupPage /> },
          { path: '/newFriend', element: <NewFriendPage /> },
          { path: '/applicationList', element: <ApplicationListPage /> },
          { path: '/applicationDetails', element: <ApplicationDetailsPage /> },
          { path: '/userCard', element: <UserCardPage /> },
          { path: '/groupCard', element: <GroupCardPage /> },
          { path: '/userCardSetting', element: <UserCardSettingPage /> },
          { path: '/userCardDetails', element: <UserCardDetailsPage /> },
          { path: '/contactAdd', element: <ContactAddPage /> },
          { path: '/searchToJoin', element: <SearchToJoinPage /> },
          { path: '/sendApplication', element: <SendApplicationPage /> },
          { path: '/groupMemberList', element: <GroupMemberListPage /> },
          { path: '/createGroup', element: <CreateGroupPage /> },
          { path: '/chooseUser', element: <ChooseUserPage /> },
          { path: '/searchFriendOrGroup', element: <SearchFriendOrGroupPage /> },
          { path: '/selfInfoDetails', element: <SelfInfoDetailsPage /> },
          { path: '/about', element: <AboutPage /> },
          { path: '/accountSettings', element: <AccountSettingsPage /> },
          { path: '/blackList', element: <BlackListPage /> },
          { path: '/language', element: <LanguagePage /> },
          { path: '/changeNameOrRemark', element: <ChangeNameOrRemarkPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/conversation" replace /> },
    ],
  },
];

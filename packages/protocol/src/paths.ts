/**
 * The HTTP paths of the chat service and the IM API, kept apart from the zod schemas so that the
 * client bundle, which needs the paths, does not carry zod (the schemas are for the server and types).
 */

/** The chat service paths, so server routes and sdk calls cannot drift apart. */
export const ChatPath = {
  sendCode: '/account/code/send',
  verifyCode: '/account/code/verify',
  register: '/account/register',
  login: '/account/login',
  resetPassword: '/account/password/reset',
  changePassword: '/account/password/change',
  updateUser: '/user/update',
  findFull: '/user/find/full',
  searchFull: '/user/search/full',
  findPublic: '/user/find/public',
  rtcToken: '/user/rtc/get_token',
} as const;

/** Revokes the token of the calling session. */
export const LOGOUT_PATH = '/account/logout';

export const ImPath = {
  getConversationList: '/conversation/get_sorted_conversation_list',
  getConversations: '/conversation/get_conversations',
  setConversation: '/conversation/set_conversation',
  deleteConversation: '/conversation/delete_conversation',
  clearConversation: '/conversation/clear_conversation_msg',
  getTotalUnread: '/conversation/get_total_unread_msg_count',
  getHistory: '/msg/get_advanced_history_message_list',
  getUsersInfo: '/user/get_users_info',
  getCallRecords: '/call/get_records',
} as const;

export const FriendPath = {
  addFriend: '/friend/add_friend',
  respondFriendApplication: '/friend/add_friend_response',
  getApplicationsAsRecipient: '/friend/get_friend_application_list_as_recipient',
  getApplicationsAsApplicant: '/friend/get_friend_application_list_as_applicant',
  getFriendList: '/friend/get_friend_list',
  getDesignatedFriends: '/friend/get_designated_friends',
  isFriend: '/friend/is_friend',
  setFriendRemark: '/friend/set_friend_remark',
  deleteFriend: '/friend/delete_friend',
  addBlack: '/friend/add_black',
  removeBlack: '/friend/remove_black',
  getBlackList: '/friend/get_black_list',
} as const;

export const GroupPath = {
  createGroup: '/group/create_group',
  getGroupsInfo: '/group/get_groups_info',
  getJoinedGroupList: '/group/get_joined_group_list',
  getGroupMemberList: '/group/get_group_member_list',
  getGroupMembersInfo: '/group/get_group_members_info',
  searchGroup: '/group/search_group',
  joinGroup: '/group/join_group',
  inviteUserToGroup: '/group/invite_user_to_group',
  kickGroupMember: '/group/kick_group',
  quitGroup: '/group/quit_group',
  dismissGroup: '/group/dismiss_group',
  transferGroupOwner: '/group/transfer_group',
  setGroupInfo: '/group/set_group_info',
  setGroupMemberNickname: '/group/set_group_member_nickname',
  setGroupMemberRoleLevel: '/group/set_group_member_role_level',
  changeGroupMemberMute: '/group/change_group_member_mute',
  changeGroupMute: '/group/change_group_mute',
  respondGroupApplication: '/group/group_application_response',
  getApplicationsAsRecipient: '/group/get_group_application_list_as_recipient',
  getApplicationsAsApplicant: '/group/get_group_application_list_as_applicant',
} as const;

export const ObjectPath = {
  upload: '/object/upload',
  /** Followed by the stored name: GET /api/object/<name>. */
  download: '/object/',
} as const;

/** What an upload is for; each purpose has its own size limit and accepted types (docs/api.md "Uploads"). */
export const UploadPurpose = {
  Avatar: 'avatar',
  Picture: 'picture',
  Video: 'video',
  VideoSnapshot: 'videoSnapshot',
  File: 'file',
  Voice: 'voice',
} as const;
export type UploadPurposeValue = (typeof UploadPurpose)[keyof typeof UploadPurpose];

const MiB = 1024 * 1024;
export const AVATAR_MAX_BYTES = 5 * MiB;

/** The default limit of each purpose, in bytes; the server's configuration may change them. */
export const UPLOAD_MAX_BYTES: Record<UploadPurposeValue, number> = {
  [UploadPurpose.Avatar]: AVATAR_MAX_BYTES,
  [UploadPurpose.Picture]: 20 * MiB,
  [UploadPurpose.Video]: 100 * MiB,
  [UploadPurpose.VideoSnapshot]: 5 * MiB,
  [UploadPurpose.File]: 100 * MiB,
  // 60 s of Opus is well under this (docs/product.md#limits-and-constants).
  [UploadPurpose.Voice]: 2 * MiB,
};

/** The longest voice message, in seconds (docs/product.md#limits-and-constants). */
export const VOICE_MAX_SECONDS = 60;

/** A URL this server's upload issued: `/api/object/<32 hex digits>.<ext>` (the elements carry only these). */
export const UPLOADED_URL_PATTERN = /^\/api\/object\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

/** Read receipts and burn-after-reading (docs/api.md#read-receipts-and-burn-after-reading). */
export const ReceiptPath = {
  setBurnAfterReading: '/conversation/set_burn_after_reading',
  getReadState: '/conversation/get_read_state',
  getMessageReaders: '/msg/get_message_readers',
} as const;

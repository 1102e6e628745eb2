import { describe, expect, it } from 'vitest';
import {
  changeGroupMemberMuteSchema,
  createGroupSchema,
  ErrCode,
  errMessages,
  httpStatusFor,
  isNoticeEvent,
  joinedGroupListSchema,
  joinGroupSchema,
  parseGroupNotificationDetail,
  respondGroupApplicationSchema,
  setGroupInfoSchema,
  setGroupMemberRoleSchema,
} from '../src/index.ts';

describe('group schemas', () => {
  it('creates with defaults: verification 0, both member flags allowed, no members', () => {
    expect(createGroupSchema.parse({ groupName: ' Team ' })).toEqual({
      groupName: 'Team',
      faceURL: '',
      memberUserIDs: [],
      introduction: '',
      notification: '',
      needVerification: 0,
      lookMemberInfo: 0,
      applyMemberFriend: 0,
      groupType: 0,
    });
    expect(createGroupSchema.safeParse({ groupName: '  ' }).success).toBe(false);
    expect(createGroupSchema.safeParse({ groupName: 'x', needVerification: 3 }).success).toBe(false);
    expect(createGroupSchema.safeParse({ groupName: 'x', lookMemberInfo: 2 }).success).toBe(false);
  });

  it('pages joined groups by 1000 (docs/product.md#limits-and-constants), never more', () => {
    expect(joinedGroupListSchema.parse({})).toEqual({ offset: 0, count: 1000 });
    expect(joinedGroupListSchema.safeParse({ count: 1001 }).success).toBe(false);
  });

  it('joins by search (3) or QR code (4) only', () => {
    expect(joinGroupSchema.parse({ groupID: 'g' })).toEqual({ groupID: 'g', reqMsg: '', joinSource: 3 });
    expect(joinGroupSchema.safeParse({ groupID: 'g', joinSource: 4 }).success).toBe(true);
    expect(joinGroupSchema.safeParse({ groupID: 'g', joinSource: 2 }).success).toBe(false);
  });

  it('refuses a setGroupInfo that changes nothing, and roles other than admin and member', () => {
    expect(setGroupInfoSchema.safeParse({ groupID: 'g' }).success).toBe(false);
    expect(setGroupInfoSchema.safeParse({ groupID: 'g', notification: '' }).success).toBe(true);
    expect(setGroupMemberRoleSchema.safeParse({ groupID: 'g', userID: 'u', roleLevel: 100 }).success).toBe(
      false,
    );
    expect(
      respondGroupApplicationSchema.safeParse({ groupID: 'g', fromUserID: 'u', handleResult: 0 }).success,
    ).toBe(false);
  });

  it('mutes for whole seconds, 0 unmutes, at most 30 days', () => {
    expect(
      changeGroupMemberMuteSchema.safeParse({ groupID: 'g', userID: 'u', mutedSeconds: 0 }).success,
    ).toBe(true);
    expect(
      changeGroupMemberMuteSchema.safeParse({ groupID: 'g', userID: 'u', mutedSeconds: 30 * 86400 + 1 })
        .success,
    ).toBe(false);
    expect(
      changeGroupMemberMuteSchema.safeParse({ groupID: 'g', userID: 'u', mutedSeconds: 1.5 }).success,
    ).toBe(false);
  });

  it('states the group codes once with their HTTP class, and knows the group Notice events', () => {
    for (const code of [1401, 1402, 1403, 1404, 1405, 1406, 1407, 1408])
      expect(errMessages[code]).toBeTruthy();
    expect(httpStatusFor(ErrCode.GROUP_MUTED)).toBe(403);
    expect(httpStatusFor(ErrCode.GROUP_MEMBER_MUTED)).toBe(403);
    expect(httpStatusFor(ErrCode.GROUP_DISMISSED)).toBe(403);
    expect(httpStatusFor(ErrCode.GROUP_BANNED)).toBe(403);
    expect(httpStatusFor(ErrCode.NOT_GROUP_MEMBER)).toBe(404);
    expect(httpStatusFor(ErrCode.GROUP_APPLICATION_NOT_FOUND)).toBe(404);
    expect(httpStatusFor(ErrCode.ALREADY_IN_GROUP)).toBe(400);
    expect(isNoticeEvent('groupMemberAdded')).toBe(true);
    expect(isNoticeEvent('groupApplicationRejected')).toBe(true);
  });

  it('parses a group notification detail, and nothing else', () => {
    const detail = JSON.stringify({ group: { groupID: 'g', groupName: 'G' }, operationTime: 1 });
    expect(parseGroupNotificationDetail(detail)?.group.groupName).toBe('G');
    expect(parseGroupNotificationDetail('{"revokerID":"x"}')).toBeNull();
    expect(parseGroupNotificationDetail('not json')).toBeNull();
    expect(parseGroupNotificationDetail(undefined)).toBeNull();
  });
});

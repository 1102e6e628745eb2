import { describe, expect, it } from 'vitest';
import { paths } from '../src/router/paths';
import { parseChangeNameOrigin } from '../src/router/change-name-query';
import { parseFriendInfo } from '../src/router/friend-info-query';
import { parseSendApplicationQuery } from '../src/router/send-application-query';
import { parseFriendApplication } from '../src/utils/application-query';
import { parseJsonBoolean } from '../src/utils/base-data';

/** The query of a built path, as a screen reads it. */
const query = (path: string) => new URL(path, 'http://localhost').searchParams;

describe('path builders (each read back by its screen)', () => {
  it('/sendApplication: JSON booleans and a numeric sessionType', () => {
    const path = paths.sendApplication({ isGroup: true, sourceID: 'g 1&x', isScan: true });
    expect(path.startsWith('/sendApplication?')).toBe(true);
    expect(query(path).get('isGroup')).toBe('true');
    expect(query(path).get('sessionType')).toBe('3');
    expect(parseSendApplicationQuery(query(path))).toEqual({
      isGroup: true,
      sourceID: 'g 1&x',
      isScan: true,
      notNeedVerification: false,
      sessionType: 3,
    });
    expect(query(paths.sendApplication({ isGroup: false, sourceID: 'u' })).get('sessionType')).toBe('1');
  });

  it('/changeName: originData as JSON', () => {
    const origin = { kind: 'groupName', groupID: 'g1', value: 'Team & co' } as const;
    expect(parseChangeNameOrigin(query(paths.changeName(origin)).get('originData'))).toEqual(origin);
  });

  it('/changeNameOrRemark: friendInfo as JSON, absent for one’s own nickname', () => {
    const friend = { userID: 'bob', nickname: 'Bob', remark: 'b?' };
    expect(parseFriendInfo(query(paths.changeNameOrRemark(friend)).get('friendInfo') ?? '')).toEqual(friend);
    expect(paths.changeNameOrRemark()).toBe('/changeNameOrRemark');
  });

  it('/applicationDetails: application as JSON and type as a number', () => {
    const application = { fromUserID: 'a', toUserID: 'b', reqMsg: 'hi #1', createTime: 5 };
    const q = query(paths.applicationDetails(application, 1));
    expect(q.get('type')).toBe('1');
    expect(parseFriendApplication(q.get('application'))).toMatchObject(application);
  });

  it('/getCode, /searchToJoin and /createGroup: JSON booleans and a JSON number', () => {
    const q = query(paths.getCode({ isRegiste: true, isByEmail: false }));
    expect([parseJsonBoolean(q.get('isRegiste')), parseJsonBoolean(q.get('isByEmail'))]).toEqual([
      true,
      false,
    ]);
    expect(paths.searchToJoin({ isGroup: true })).toBe('/searchToJoin?isGroup=true');
    expect(paths.createGroup()).toBe('/createGroup?groupType=0');
  });

  it('/userCard: the group only when opened from one; /groupCard: isScan only when scanned', () => {
    expect(paths.userCard({ userID: 'u 1' })).toBe('/userCard?userID=u%201');
    expect(paths.userCard({ userID: 'u', groupID: 'g' })).toBe('/userCard?userID=u&groupID=g');
    expect(paths.groupCard({ groupID: 'g', isScan: false })).toBe('/groupCard?groupID=g');
    expect(paths.groupCard({ groupID: 'g', isScan: true })).toBe('/groupCard?groupID=g&isScan=true');
  });
});

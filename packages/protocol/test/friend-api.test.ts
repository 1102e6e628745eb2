import { describe, expect, it } from 'vitest';
import {
  addFriendSchema,
  friendListSchema,
  isNoticeEvent,
  respondFriendApplicationSchema,
  setFriendRemarkSchema,
  uploadQuerySchema,
} from '../src/index.ts';

describe('contacts schemas', () => {
  it('pages friends by the sizes of docs/product.md#limits-and-constants: the first page 10000 by default, never more', () => {
    expect(friendListSchema.parse({})).toEqual({ offset: 0, count: 10000 });
    expect(friendListSchema.safeParse({ offset: 10000, count: 1000 }).success).toBe(true);
    expect(friendListSchema.safeParse({ count: 10001 }).success).toBe(false);
    expect(friendListSchema.safeParse({ offset: -1 }).success).toBe(false);
  });

  it('answers an application only with approve (1) or reject (-1)', () => {
    expect(respondFriendApplicationSchema.safeParse({ fromUserID: 'a', handleResult: 0 }).success).toBe(
      false,
    );
    expect(respondFriendApplicationSchema.parse({ fromUserID: 'a', handleResult: -1 })).toEqual({
      fromUserID: 'a',
      handleResult: -1,
      handleMsg: '',
    });
  });

  it('trims messages and remarks and bounds their length', () => {
    expect(addFriendSchema.parse({ toUserID: 'b', reqMsg: '  hi  ' }).reqMsg).toBe('hi');
    expect(addFriendSchema.safeParse({ toUserID: 'b', reqMsg: 'x'.repeat(256) }).success).toBe(false);
    expect(setFriendRemarkSchema.parse({ friendUserID: 'b', remark: ' ' }).remark).toBe('');
    expect(setFriendRemarkSchema.safeParse({ friendUserID: 'b', remark: 'x'.repeat(65) }).success).toBe(
      false,
    );
    expect(addFriendSchema.safeParse({ toUserID: '' }).success).toBe(false);
  });

  it('knows the Notice events and the upload purposes', () => {
    expect(isNoticeEvent('friendAdded')).toBe(true);
    expect(isNoticeEvent('blackDeleted')).toBe(true);
    expect(isNoticeEvent('somethingElse')).toBe(false);
    expect(uploadQuerySchema.parse({})).toEqual({ purpose: 'avatar' });
    expect(uploadQuerySchema.safeParse({ purpose: 'sticker' }).success).toBe(false);
  });
});

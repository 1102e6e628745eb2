import { describe, expect, it } from 'vitest';
import { SessionType } from '@im/protocol';
import { parseChatTarget } from '../src/router/chat-target';
import { paths } from '../src/router/paths';
import { keepAliveKey } from '../src/router/keep-alive';

const parse = (query: string) => parseChatTarget(new URLSearchParams(query), 'alice');

describe('/chat query contract', () => {
  it('conversationID of a one-to-one chat names the peer', () => {
    expect(parse('conversationID=si_alice_bob')).toEqual({
      conversationID: 'si_alice_bob',
      sessionType: SessionType.Single,
      userID: 'bob',
      groupID: '',
    });
    expect(parse('conversationID=si_aaron_alice')?.userID).toBe('aaron');
  });

  it('userID opens the one-to-one chat with that peer, whether or not it exists yet', () => {
    expect(parse('userID=zed')).toMatchObject({ conversationID: 'si_alice_zed', userID: 'zed' });
    expect(parse('userID=aaron')).toMatchObject({ conversationID: 'si_aaron_alice', userID: 'aaron' });
  });

  it('groupID and sg_ conversation ids open the group chat', () => {
    expect(parse('groupID=g1')).toMatchObject({ conversationID: 'sg_g1', groupID: 'g1', sessionType: 3 });
    expect(parse('conversationID=sg_g1')).toMatchObject({ groupID: 'g1', userID: '' });
  });

  it('no target is null', () => {
    expect(parse('')).toBeNull();
  });

  it('paths round-trip through the parser', () => {
    const path = paths.chat({ conversationID: 'si_alice_b&b' });
    expect(path).toBe('/chat?conversationID=si_alice_b%26b');
    expect(parse(path.split('?')[1])?.userID).toBe('b&b');
    expect(paths.singleSetting({ userID: 'bob' })).toBe('/singleSetting?userID=bob');
  });
});

describe('kept-alive screens (docs/product.md#shell-behaviour)', () => {
  it('keeps the tabs (as one layout), the chat and the chat settings; not other screens', () => {
    expect(keepAliveKey('/conversation')).toBe('tabs');
    expect(keepAliveKey('/profile')).toBe('tabs');
    expect(keepAliveKey('/chat')).toBe('/chat');
    expect(keepAliveKey('/singleSetting')).toBe('/singleSetting');
    expect(keepAliveKey('/about')).toBeUndefined();
    expect(keepAliveKey('/toString')).toBeUndefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversationItem } from '@im/protocol';
import { im } from '../src/sdk/im';
import { loadMoreConversations, reloadConversations } from '../src/stores/conversation-actions';
import { useConversationStore } from '../src/stores/conversation-store';
import { conversation } from './fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  useConversationStore.getState().reset();
});

/** The list's first page is asked for once at start-up (docs/decisions.md#first-screen). */
describe('the first page of the conversation list', () => {
  it('is asked for once when the list scrolls while start-up reloads it', async () => {
    let answer: (page: ConversationItem[]) => void = () => undefined;
    const split = vi
      .spyOn(im.conversations, 'getConversationListSplit')
      .mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const reload = reloadConversations();
    const more = loadMoreConversations();
    expect(split).toHaveBeenCalledTimes(1);
    answer([conversation()]);
    await Promise.all([reload, more]);
    expect(split).toHaveBeenCalledTimes(1);
    expect(useConversationStore.getState().conversationList).toHaveLength(1);
    expect(useConversationStore.getState().loaded).toBe(true);
  });

  it('loads the next page itself once the list holds rows', async () => {
    const split = vi.spyOn(im.conversations, 'getConversationListSplit').mockResolvedValue([conversation()]);
    await reloadConversations();
    await loadMoreConversations();
    expect(split).toHaveBeenCalledTimes(2);
    expect(split).toHaveBeenLastCalledWith(1, 20);
  });
});

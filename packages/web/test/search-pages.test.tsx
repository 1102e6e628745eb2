import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { MessageItem } from '@im/protocol';
import { SearchFriendOrGroupPage } from '../src/pages/search-friend-or-group/search-friend-or-group-page';
import { SearchMessagesPage } from '../src/pages/search-messages/search-messages-page';
import { paths, routePath } from '../src/router/paths';
import { im } from '../src/sdk/im';
import { useContactStore } from '../src/stores/contact-store';
import { loadAppCatalogues } from './app-i18n';
import { friend } from './contact-fixtures';
import { message } from './fixtures';
import { group } from './group-fixtures';

/** /searchFriendOrGroup and /searchMessages as a person uses them (docs/product.md#search). */
loadAppCatalogues('en');

function Probe() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function show(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={routePath.searchFriendOrGroup} element={<SearchFriendOrGroupPage />} />
        <Route path={routePath.searchMessages} element={<SearchMessagesPage />} />
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const type = (label: string, text: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: label }), { target: { value: text } });

const hit = (seq: number, text: string): MessageItem =>
  message({
    seq,
    clientMsgID: `c${seq}`,
    sendTime: 1000 + seq,
    senderNickname: 'Alice',
    textElem: { content: text },
  });

beforeEach(() => {
  useContactStore.getState().reset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('friend and group search', () => {
  it('filters friends by nickname or remark and groups by name as the user types', () => {
    const store = useContactStore.getState();
    store.setFriendList([
      friend({ userID: 'u1', nickname: 'Alice' }),
      friend({ userID: 'u2', nickname: 'Bob', remark: 'Alfred' }),
    ]);
    store.setGroupList([
      group({ groupID: 'g1', groupName: 'Alpine club' }),
      group({ groupID: 'g2', groupName: 'Chess' }),
    ]);
    store.setLoaded(true);
    store.setGroupsLoaded(true);
    show(paths.searchFriendOrGroup());
    screen.getByText('Find your friends by nickname or remark, and your groups by name');

    type('Search friends and groups', 'al');
    const friends = within(screen.getByRole('region', { name: 'Friends' }));
    expect(friends.getAllByRole('link').map((l) => l.textContent)).toEqual(['Alice', 'Alfred']);
    expect(friends.getAllByText('Al', { selector: 'mark' })).toHaveLength(2);
    const groups = within(screen.getByRole('region', { name: 'Groups' }));
    expect(groups.getAllByRole('link').map((l) => l.textContent)).toEqual(['Alpine club']);

    type('Search friends and groups', 'zzz');
    screen.getByText('No results for "zzz"');
    type('Search friends and groups', 'chess');
    fireEvent.click(screen.getByRole('link', { name: 'Chess' }));
    screen.getByText(`opened /chat?groupID=g2`);
  });
});

describe('message search', () => {
  it('shows the device hits, then the server ones, marked, and opens the chat at the message', async () => {
    const local = vi.spyOn(im.messages, 'searchLocalMessages').mockResolvedValue([hit(9, '新的世界')]);
    const remote = vi
      .spyOn(im.messages, 'searchMessages')
      .mockResolvedValue({ messages: [hit(9, '新的世界'), hit(3, '你好世界')], hasMore: false });
    show(paths.searchMessages({ conversationID: 'si_alice_bob' }));
    screen.getByText('Find messages of this chat by any words they contain');
    type('Search messages', '世界');
    const results = within(await screen.findByRole('region', { name: 'Results' }));
    await vi.waitFor(() => expect(results.getAllByRole('button')).toHaveLength(2));
    expect(local).toHaveBeenCalledWith({ keyword: '世界', conversationID: 'si_alice_bob' });
    expect(remote).toHaveBeenCalledWith({
      keyword: '世界',
      conversationID: 'si_alice_bob',
      offset: 0,
      count: 20,
    });
    expect(results.getAllByText('世界', { selector: 'mark' })).toHaveLength(2);
    fireEvent.click(results.getByRole('button', { name: 'Open the message from Alice: 你好世界' }));
    screen.getByText(`opened /chat?conversationID=${hit(3, '').conversationID}&seq=3`);
  });

  it('says so when nothing is found, and offers a retry when the search failed', async () => {
    vi.spyOn(im.messages, 'searchLocalMessages').mockResolvedValue([]);
    const remote = vi.spyOn(im.messages, 'searchMessages').mockRejectedValueOnce(new Error('offline'));
    remote.mockResolvedValue({ messages: [], hasMore: false });
    show(paths.searchMessages());
    type('Search messages', 'nothing');
    await screen.findByText('Search failed. Check the network and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('No results for "nothing"');
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initI18n, loadWholeCatalogue } from '../src/i18n';
import { BurnSetting } from '../src/pages/single-setting/burn-setting';
import { im } from '../src/sdk/im';
import { useConversationStore } from '../src/stores/conversation-store';
import { loadToast } from '../src/utils/antd-setup';
import { conversation } from './fixtures';

const id = 'si_alice_bob';

beforeAll(async () => {
  await loadToast();
  await initI18n();
  // A screen past the first ones: the whole catalogue, as router/lazy-page.tsx loads it.
  await loadWholeCatalogue();
});
beforeEach(() => {
  useConversationStore.getState().reset();
  useConversationStore.getState().applyConversations([conversation({ conversationID: id, userID: 'bob' })]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the burn-after-reading setting of /singleSetting (docs/product.md#burn-after-reading)', () => {
  it('turns it on with 30 s, then changes the burn time; each change is one call for both users', async () => {
    const set = vi.spyOn(im.conversations, 'setBurnAfterReading').mockImplementation(async (req) => {
      // The core announces the changed row, as the server's answer does.
      useConversationStore.getState().applyConversations([
        conversation({
          conversationID: id,
          userID: 'bob',
          isPrivateChat: req.isPrivateChat,
          burnDuration: req.burnDuration,
        }),
      ]);
    });
    render(<BurnSetting conversationID={id} />);
    expect(screen.queryByText('Burn time')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Burn after reading' })));
    expect(set).toHaveBeenCalledWith({ conversationID: id, isPrivateChat: true, burnDuration: 30 });
    await screen.findByText('30 s');

    fireEvent.click(screen.getByText('Burn time'));
    const menu = await screen.findByRole('menu', { name: 'Choose how long a read message stays' });
    expect([...menu.querySelectorAll('[role=menuitem]')].map((b) => b.textContent)).toEqual([
      '30 s',
      '5 min',
      '1 h',
      '1 day',
    ]);
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: '5 min' })));
    expect(set).toHaveBeenLastCalledWith({ conversationID: id, isPrivateChat: true, burnDuration: 300 });
    await screen.findByText('5 min');
  });

  it('a refused change shows a failure and the switch goes back', async () => {
    vi.spyOn(im.conversations, 'setBurnAfterReading').mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<BurnSetting conversationID={id} />);
    const toggle = screen.getByRole('switch', { name: 'Burn after reading' });
    await act(async () => fireEvent.click(toggle));
    await screen.findByText('Could not change burn after reading');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });
});

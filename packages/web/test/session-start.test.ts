import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@im/protocol';
import { im } from '../src/sdk/im';
import { signIn } from '../src/session/session';
import * as startLists from '../src/session/start-lists';
import { useUserStore } from '../src/stores/user-store';

const ann = { userID: 'ann', nickname: 'Ann', faceURL: '' } as UserInfo;
const session = { userID: 'ann', imToken: 't', chatToken: 'c' };

afterEach(() => {
  vi.restoreAllMocks();
  useUserStore.getState().setSelfInfo(null);
});

/** Start-up after login (docs/product.md#start-up-after-login, docs/decisions.md#first-screen). */
describe('start-up after a login', () => {
  it('shows the own info the login read, without asking the server again', async () => {
    vi.spyOn(im, 'loginWithSession').mockResolvedValue();
    vi.spyOn(startLists, 'loadStartLists').mockResolvedValue();
    vi.spyOn(im.account, 'keptSelfInfo').mockReturnValue(ann);
    const read = vi.spyOn(im.account, 'getSelfUserInfo').mockResolvedValue({ ...ann, nickname: 'Other' });
    await signIn(session);
    expect(read).not.toHaveBeenCalled();
    expect(useUserStore.getState().selfInfo).toEqual(ann);
  });

  it('asks the server when the core kept none', async () => {
    vi.spyOn(im, 'loginWithSession').mockResolvedValue();
    vi.spyOn(startLists, 'loadStartLists').mockResolvedValue();
    vi.spyOn(im.account, 'keptSelfInfo').mockReturnValue(null);
    vi.spyOn(im.account, 'getSelfUserInfo').mockResolvedValue(ann);
    await signIn(session);
    expect(useUserStore.getState().selfInfo).toEqual(ann);
  });
});

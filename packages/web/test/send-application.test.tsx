import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { JoinSource } from '@im/protocol';
import { SendApplicationPage } from '../src/pages/send-application/send-application-page';
import { paths, routePath } from '../src/router/paths';
import { im } from '../src/sdk/im';
import { initI18n, loadWholeCatalogue } from '../src/i18n';
import { loadToast } from '../src/utils/antd-setup';

/** /sendApplication honours isScan and notNeedVerification (docs/product.md#routes). */
beforeAll(async () => {
  await loadToast(); // as main.tsx: the toasts render with React 19's createRoot
  await initI18n();
  // A screen past the first ones: the whole catalogue, as router/lazy-page.tsx loads it.
  await loadWholeCatalogue();
});

function Probe() {
  const { pathname, search } = useLocation();
  return <p>opened {pathname + search}</p>;
}

function open(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={routePath.sendApplication} element={<SendApplicationPage />} />
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const card = { groupID: 'g1', groupName: 'Hikers', faceURL: '', memberCount: 3, needVerification: 2 };

describe('/sendApplication', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('notNeedVerification: no reason to write; "Join group" joins at once and opens the chat', async () => {
    vi.spyOn(im.groups, 'searchGroup').mockResolvedValue([card] as never);
    const join = vi.spyOn(im.groups, 'joinGroup').mockResolvedValue({ joined: true } as never);
    open(paths.sendApplication({ isGroup: true, sourceID: 'g1', isScan: true, notNeedVerification: true }));
    expect(screen.queryByRole('textbox', { name: 'Reason for joining' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Join group' })));
    expect(join).toHaveBeenCalledWith({ groupID: 'g1', reqMsg: '', joinSource: JoinSource.QRCode });
    await screen.findByText(/opened \/chat\?groupID=g1/);
  });

  it('without it: the reason is asked and sent, by search (joinSource 3) unless scanned', async () => {
    vi.spyOn(im.groups, 'searchGroup').mockResolvedValue([{ ...card, needVerification: 1 }] as never);
    const join = vi
      .spyOn(im.groups, 'joinGroup')
      .mockResolvedValue({ joined: false, application: undefined } as never);
    open(paths.sendApplication({ isGroup: true, sourceID: 'g1' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Reason for joining' }), {
      target: { value: 'Dan from the trail' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send application' })));
    expect(join).toHaveBeenCalledWith({
      groupID: 'g1',
      reqMsg: 'Dan from the trail',
      joinSource: JoinSource.Search,
    });
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CallState } from '@im/sdk';
import type { CallInfo } from '@im/sdk';
import { CallOverlay } from '../src/call/call-overlay';
import { useCallStore } from '../src/call/call-store';
import { im } from '../src/sdk/im';
import { loadAppCatalogues } from './app-i18n';

function call(state: CallInfo['state'], extra: Partial<CallInfo> = {}): CallInfo {
  return {
    state,
    roomID: 'r1',
    role: state === CallState.Incoming ? 'callee' : 'caller',
    mediaType: 'video',
    peer: { userID: 'alice', nickname: 'Alice', faceURL: '' },
    invitation: {} as CallInfo['invitation'],
    connectedAt: 0,
    micMuted: false,
    cameraOff: false,
    ...extra,
  };
}

beforeAll(() => loadAppCatalogues('en'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  useCallStore.setState({ call: null, minimised: false });
});

/** docs/product.md#call-overlay, rendered from the sdk's call state only. */
describe('call overlay', () => {
  it('shows nothing without a call', () => {
    render(<CallOverlay />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ringing here: the inviter, "invites you to a video call", hang-up and accept', () => {
    const accept = vi.spyOn(im.calls, 'accept').mockResolvedValue();
    useCallStore.setState({ call: call(CallState.Incoming) });
    render(<CallOverlay />);
    const dialog = screen.getByRole('dialog', { name: 'Call with Alice' });
    expect(dialog.textContent).toContain('invites you to a video call');
    expect(screen.getByRole('img', { name: 'Alice' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hang up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Camera on' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(accept).toHaveBeenCalled();
  });

  it('ringing out: "Connecting…" and hang-up only', () => {
    useCallStore.setState({ call: call(CallState.Outgoing, { mediaType: 'audio' }) });
    render(<CallOverlay />);
    expect(screen.getByRole('dialog').textContent).toContain('Connecting…');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('connected: the mm:ss timer runs, mic and camera switch through the sdk', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const mic = vi.spyOn(im.calls, 'setMicMuted').mockImplementation(() => undefined);
    const camera = vi.spyOn(im.calls, 'setCameraOff').mockImplementation(() => undefined);
    useCallStore.setState({ call: call(CallState.Connected, { connectedAt: Date.now() }) });
    render(<CallOverlay />);
    expect(screen.getByRole('timer', { name: 'Call time' }).textContent).toBe('00:00');
    act(() => {
      vi.advanceTimersByTime(65_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('01:05');
    fireEvent.click(screen.getByRole('button', { name: 'Microphone on' }));
    expect(mic).toHaveBeenCalledWith(true);
    fireEvent.click(screen.getByRole('button', { name: 'Camera on' }));
    expect(camera).toHaveBeenCalledWith(true);
    expect(screen.getByRole('meter', { name: 'Sound from Alice' })).toBeTruthy();
  });

  it('a voice call on call says "on call" and has no camera switch', () => {
    useCallStore.setState({
      call: call(CallState.Connected, { mediaType: 'audio', connectedAt: Date.now() }),
    });
    render(<CallOverlay />);
    expect(screen.getByRole('dialog').textContent).toContain('on call');
    expect(screen.queryByRole('button', { name: /Camera/ })).toBeNull();
  });

  it('minimises to a bubble saying "in call", and the bubble restores it', () => {
    useCallStore.setState({ call: call(CallState.Connected, { connectedAt: Date.now() }) });
    render(<CallOverlay />);
    fireEvent.click(screen.getByRole('button', { name: 'Minimise call' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const bubble = screen.getByRole('button', { name: 'Back to the call' });
    expect(bubble.textContent).toContain('in call');
    fireEvent.click(bubble);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('hang-up goes to the sdk', () => {
    const hangup = vi.spyOn(im.calls, 'hangup').mockResolvedValue();
    useCallStore.setState({ call: call(CallState.Outgoing) });
    render(<CallOverlay />);
    fireEvent.click(screen.getByRole('button', { name: 'Hang up' }));
    expect(hangup).toHaveBeenCalled();
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toast } from 'antd-mobile';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VoiceRecordButton } from '../src/pages/chat/voice-record-button';
import { loadAppCatalogues } from './app-i18n';

/** A MediaRecorder that hands out one chunk when stopped. */
class FakeRecorder extends EventTarget {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm;codecs=opus';
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    const data = new Blob(['opus'], { type: this.mimeType });
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
    this.dispatchEvent(new Event('stop'));
  }
}

beforeAll(() => loadAppCatalogues('en'));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'clearTimeout', 'Date'] });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  const track = { stop: vi.fn() };
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [track] }) },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function hold(ms: number, onVoice = vi.fn(), slideUp = 0) {
  render(<VoiceRecordButton onVoice={onVoice} />);
  const button = screen.getByRole('button', { name: 'Hold to talk' });
  fireEvent.pointerDown(button, { clientY: 500, pointerId: 1 });
  await act(async () => {}); // the microphone opens
  await act(async () => vi.advanceTimersByTime(ms));
  if (slideUp) fireEvent.pointerMove(button, { clientY: 500 - slideUp, pointerId: 1 });
  await act(async () => fireEvent.pointerUp(button, { pointerId: 1 }));
  return onVoice;
}

describe('hold to talk', () => {
  it('sends a 3 s recording as 3 seconds of Opus in WebM', async () => {
    const onVoice = await hold(3200);
    expect(onVoice).toHaveBeenCalledTimes(1);
    const [blob, seconds] = onVoice.mock.calls[0] as [Blob, number];
    expect(seconds).toBe(3);
    expect(blob.type).toBe('audio/webm;codecs=opus');
  });

  it("under 1 s shows 'recording time too short' and sends nothing", async () => {
    const toast = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => undefined });
    const onVoice = await hold(600);
    expect(onVoice).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith({ content: 'recording time too short' });
  });

  it('sliding up before letting go cancels', async () => {
    const onVoice = await hold(2000, vi.fn(), 100);
    expect(onVoice).not.toHaveBeenCalled();
  });

  it('counts down in the last 10 s and stops at 60 s by itself', async () => {
    const onVoice = vi.fn();
    render(<VoiceRecordButton onVoice={onVoice} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Hold to talk' }), {
      clientY: 500,
      pointerId: 1,
    });
    await act(async () => {});
    await act(async () => vi.advanceTimersByTime(49_000));
    expect(screen.getByRole('status').textContent).not.toContain('left');
    await act(async () => vi.advanceTimersByTime(3_000));
    expect(screen.getByRole('status').textContent).toContain('8 s left');
    await act(async () => vi.advanceTimersByTime(8_500));
    expect(onVoice).toHaveBeenCalledTimes(1);
    expect(onVoice.mock.calls[0]![1]).toBe(60);
  });
});

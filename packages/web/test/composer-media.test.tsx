import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Composer } from '../src/pages/chat/composer';
import type { MediaSenders } from '../src/pages/chat/use-send-media';
import { loadAppCatalogues } from './app-i18n';

afterEach(cleanup);

function setup(language: 'en' | 'zh-CN' = 'en', blockedText?: string) {
  loadAppCatalogues(language);
  const media: MediaSenders = { picture: vi.fn(), video: vi.fn(), file: vi.fn(), voice: vi.fn() };
  render(
    <Composer
      value=""
      onChange={() => undefined}
      onSend={() => undefined}
      onTyping={() => undefined}
      media={media}
      blockedText={blockedText}
    />,
  );
  return media;
}

const pick = (label: string, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });

describe('Composer media inputs', () => {
  it('the + panel sends pictures (resized unless original), videos and files', () => {
    const media = setup();
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(screen.getByRole('group', { name: 'Send a picture, video or file' })).toBeTruthy();
    const photo = new File(['p'], 'a.png', { type: 'image/png' });
    pick('Photo', photo);
    expect(media.picture).toHaveBeenCalledWith(photo, false);
    expect((screen.getByLabelText('Camera') as HTMLInputElement).getAttribute('capture')).toBe('environment');
    fireEvent.click(screen.getByLabelText('Send original'));
    pick('Camera', photo);
    expect(media.picture).toHaveBeenLastCalledWith(photo, true);
    const clip = new File(['v'], 'c.webm', { type: 'video/webm' });
    pick('Video', clip);
    expect(media.video).toHaveBeenCalledWith(clip);
    const doc = new File(['f'], 'd.pdf');
    pick('File', doc);
    expect(media.file).toHaveBeenCalledWith(doc);
  });

  it('voice input swaps the text box for hold-to-talk, and back', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Voice input' }));
    expect(screen.getByRole('button', { name: 'Hold to talk' })).toBeTruthy();
    expect(screen.queryByLabelText('Message')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard input' }));
    expect(screen.getByLabelText('Message')).toBeTruthy();
  });

  it('every media control has its name in Chinese too', () => {
    setup('zh-CN');
    fireEvent.click(screen.getByRole('button', { name: '更多' }));
    for (const name of ['照片', '拍摄', '视频', '文件', '发送原图'])
      expect(screen.getByLabelText(name)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '语音输入' }));
    expect(screen.getByRole('button', { name: '按住说话' })).toBeTruthy();
  });

  it('a blocked chat offers no media', () => {
    setup('en', 'You are muted');
    expect((screen.getByRole('button', { name: 'More' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Voice input' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

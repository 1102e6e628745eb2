import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ContentType, MessageStatus } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { bodyFor, UploadProgress } from '../src/pages/chat/message-bodies';
import { im } from '../src/sdk/im';
import { loadAppCatalogues } from './app-i18n';
import { message } from './fixtures';

beforeAll(() => loadAppCatalogues('en'));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

function show(item: MessageItem, own = false) {
  const Body = bodyFor(item.contentType);
  return render(<Body message={item} own={own} selfID="alice" />);
}

const received = (fields: Partial<MessageItem>) =>
  message({ sendID: 'bob', textElem: undefined, status: MessageStatus.Succeeded, ...fields });

describe('message bodies (the renderer table)', () => {
  it('a text shows its content; a type without a body its summary', () => {
    show(received({ contentType: ContentType.Text, textElem: { content: 'hello there' } }));
    expect(screen.getByText('hello there')).toBeTruthy();
    cleanup();
    // Merge got its own body (media-rich): a custom message is the type left without one.
    show(received({ contentType: ContentType.Custom }));
    expect(screen.getByText('[Custom message]')).toBeTruthy();
  });

  it('a picture has its size before it loads, with a placeholder until it has', () => {
    show(
      received({
        contentType: ContentType.Picture,
        pictureElem: {
          sourcePicture: { url: '/api/object/big', width: 1600, height: 800 },
          snapshotPicture: { url: '/api/object/thumb', width: 480, height: 240 },
        },
      }),
    );
    const button = screen.getByRole('button', { name: 'Open picture' });
    expect(button.style.width).toBe('200px');
    expect(button.style.height).toBe('100px');
    expect(screen.getByRole('img', { name: 'Loading picture' })).toBeTruthy();
    const img = screen.getByAltText('Picture');
    expect(img.getAttribute('src')).toBe('/api/object/thumb');
    fireEvent.load(img);
    expect(screen.queryByRole('img', { name: 'Loading picture' })).toBeNull();
  });

  it('a file shows its name, its size in 1024 units and a download with the original name', () => {
    show(
      received({
        contentType: ContentType.File,
        fileElem: { fileName: 'report.pdf', fileSize: 3 * 1024 * 1024, sourceUrl: '/api/object/f1' },
      }),
    );
    expect(screen.getByText('report.pdf')).toBeTruthy();
    expect(screen.getByText('3 MB')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download report.pdf' });
    expect(link.getAttribute('href')).toBe('/api/object/f1');
    expect(link.getAttribute('download')).toBe('report.pdf');
  });

  it('voice: its duration, one playing at a time, a played mark once played here', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const voice = (id: string, duration: number) =>
      received({
        clientMsgID: id,
        contentType: ContentType.Voice,
        soundElem: { sourceUrl: `/api/object/${id}`, duration, dataSize: 9 },
      });
    render(
      <>
        {[voice('v1', 3), voice('v2', 5)].map((item) => {
          const Body = bodyFor(item.contentType);
          return <Body key={item.clientMsgID} message={item} own={false} selfID="alice" />;
        })}
      </>,
    );
    expect(screen.getByText('3″')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Not played yet' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play voice message, 3 seconds' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause voice message' })).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Played' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play voice message, 5 seconds' }));
    // The second took over: only one pause button, and the first is playable again.
    expect(screen.getAllByRole('button', { name: 'Pause voice message' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Play voice message, 3 seconds' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('im.voicePlayed.alice') ?? '[]')).toEqual(['v1', 'v2']);
  });

  it('an upload shows its progress and cancels through the sdk', () => {
    const cancel = vi.spyOn(im.messages, 'cancelSend').mockReturnValue(true);
    render(<UploadProgress clientMsgID="m1" progress={0.42} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading 42%' }).getAttribute('aria-valuenow')).toBe(
      '42',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(cancel).toHaveBeenCalledWith('m1');
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ContentType, FACE_DATA_PATTERN } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import { stickers } from '../src/stickers/sticker-set';
import { locationName } from '../src/utils/location-name';
import { ChatViewContext } from '../src/pages/chat/message-bodies/chat-view-context';
import { MessageBody } from '../src/pages/chat/message-bodies/message-body';
import { loadAppCatalogues } from './app-i18n';

beforeAll(() => loadAppCatalogues('en'));
afterEach(cleanup);

const base: MessageItem = {
  clientMsgID: 'm1',
  serverMsgID: 's1',
  conversationID: 'si_a_b',
  seq: 1,
  sendID: 'b',
  recvID: 'a',
  groupID: '',
  senderNickname: 'Bob',
  senderFaceUrl: '',
  senderPlatformID: 5,
  sessionType: 1,
  contentType: ContentType.Text,
  msgFrom: 100,
  createTime: 1,
  sendTime: 1,
  status: 2,
  isRead: false,
  textElem: { content: 'the original' },
};
const quote: MessageItem = {
  ...base,
  clientMsgID: 'm2',
  seq: 2,
  sendID: 'a',
  senderNickname: 'Ann',
  contentType: ContentType.Quote,
  quoteElem: { text: 'my reply', quoteMessage: base },
};

function renderBody(message: MessageItem, loaded: MessageItem[] = [], scrollTo = vi.fn()) {
  const view = { find: (id: string) => loaded.find((m) => m.clientMsgID === id), scrollTo };
  render(
    <MemoryRouter>
      <ChatViewContext value={view}>
        <MessageBody message={message} own={message.sendID === 'a'} selfID="a" />
      </ChatViewContext>
    </MemoryRouter>,
  );
  return scrollTo;
}

describe('rich message bodies', () => {
  it('a quote shows the quoted sender and text, and scrolls to a loaded original', () => {
    const scrollTo = renderBody(quote, [base]);
    const button = screen.getByRole('button', { name: 'Quoted message from Bob' });
    expect(button.textContent).toContain('the original');
    fireEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith('m1');
  });

  it('a quote of a revoked original says so, and one not loaded does not scroll', () => {
    const revoked = { ...base, contentType: ContentType.Revoke, notificationElem: { detail: '{}' } };
    renderBody(quote, [revoked]);
    expect(screen.getByText('quoted message was revoked')).toBeTruthy();
    cleanup();
    const scrollTo = renderBody(quote, []);
    fireEvent.click(screen.getByRole('button', { name: 'Quoted message from Bob' }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('a location shows its name and coordinates and links to OpenStreetMap in a new tab', () => {
    const place = {
      ...base,
      contentType: ContentType.Location,
      locationElem: { description: JSON.stringify({ name: 'Harbour' }), latitude: 1.5, longitude: -2.25 },
    };
    renderBody(place);
    const link = screen.getByRole('link', { name: 'Open Harbour in OpenStreetMap' });
    expect(link.textContent).toContain('1.50000, -2.25000');
    expect(link.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=1.500000&mlon=-2.250000#map=16/1.500000/-2.250000',
    );
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('a merge shows its title and lines and opens the merged messages read-only', () => {
    const merged = {
      ...base,
      contentType: ContentType.Merge,
      mergeElem: { title: 'Chat history', abstractList: ['Bob: the original'], multiMessage: [base, quote] },
    };
    renderBody(merged);
    fireEvent.click(screen.getByRole('button', { name: 'Open chat history: Chat history' }));
    const dialog = screen.getByRole('dialog', { name: 'Chat history' });
    expect(dialog.textContent).toContain('the original');
    expect(dialog.textContent).toContain('my reply');
    expect(dialog.querySelector('[role="menu"]')).toBeNull();
  });

  it('a sticker shows the built-in picture, and an unknown one its label', () => {
    renderBody({ ...base, contentType: ContentType.Face, faceElem: { index: 0, data: 'smile' } });
    expect(screen.getByRole('img', { name: 'Sticker: Smile' })).toBeTruthy();
    cleanup();
    renderBody({ ...base, contentType: ContentType.Face, faceElem: { index: 0, data: 'unknown' } });
    expect(screen.getByText('[Sticker]')).toBeTruthy();
  });

  it('every built-in sticker id is one the server accepts, and unique', () => {
    expect(stickers.length).toBeGreaterThanOrEqual(8);
    for (const sticker of stickers) expect(sticker.id).toMatch(FACE_DATA_PATTERN);
    expect(new Set(stickers.map((s) => s.id)).size).toBe(stickers.length);
  });

  it('reads a location name from JSON or plain text', () => {
    expect(locationName('{"name":"Home"}')).toBe('Home');
    expect(locationName('Old style')).toBe('Old style');
    expect(locationName('{broken')).toBe('');
    expect(locationName(undefined)).toBe('');
  });
});

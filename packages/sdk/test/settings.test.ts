import { describe, expect, it } from 'vitest';
import { createIMClient, memoryStorage, readSettings } from '../src/index.ts';

describe('settings', () => {
  it('defaults to the same host under /api, /chat and /msg_gateway', () => {
    expect(readSettings(memoryStorage(), { protocol: 'http:', host: 'im.example:8080' })).toEqual({
      apiUrl: 'http://im.example:8080/api',
      chatUrl: 'http://im.example:8080/chat',
      wsUrl: 'ws://im.example:8080/msg_gateway',
      logLevel: 1,
    });
  });
  it('uses a secure websocket on a secure page', () => {
    const s = readSettings(memoryStorage(), { protocol: 'https:', host: 'im.example' });
    expect(s.wsUrl).toBe('wss://im.example/msg_gateway');
    expect(s.apiUrl).toBe('https://im.example/api');
  });
  it('lets stored values override each address and the log level', () => {
    const storage = memoryStorage({
      wsUrl: 'ws://a/ws',
      apiUrl: 'http://a/api',
      chatUrl: 'http://b/chat',
      logLevel: '5',
    });
    expect(readSettings(storage, { protocol: 'https:', host: 'x' })).toEqual({
      wsUrl: 'ws://a/ws',
      apiUrl: 'http://a/api',
      chatUrl: 'http://b/chat',
      logLevel: 5,
    });
  });
  it('keeps the language in session storage under IMI18n', () => {
    const sessionStorage = memoryStorage();
    const im = createIMClient({ sessionStorage });
    expect(im.getLanguage()).toBeNull();
    im.setLanguage('en');
    expect(sessionStorage.getItem('IMI18n')).toBe('en');
  });
  it('keeps the session under IM_TOKEN, IM_CHAT_TOKEN and IM_USERID', () => {
    const storage = memoryStorage();
    const im = createIMClient({ storage });
    im.session.save({ userID: 'u1', imToken: 'a', chatToken: 'b' });
    expect([
      storage.getItem('IM_USERID'),
      storage.getItem('IM_TOKEN'),
      storage.getItem('IM_CHAT_TOKEN'),
    ]).toEqual(['u1', 'a', 'b']);
    im.session.clear();
    expect(im.session.get()).toBeNull();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { CALL_RECORD_CUSTOM_TYPE, ContentType, SessionType } from '@im/protocol';
import type { ConversationItem, MessageItem } from '@im/protocol';
import { en } from '../src/i18n/locales/en';
import { zhCN } from '../src/i18n/locales/zh-CN';
import { pickStartSections } from '../src/i18n/start-sections';
import { ConversationPage } from '../src/pages/conversation/conversation-page';
import { LoginPage } from '../src/pages/login/login-page';
import { useConversationStore } from '../src/stores/conversation-store';
import { useUserStore } from '../src/stores/user-store';
import { conversation, message } from './fixtures';

/**
 * The first screens load only the catalogue's start sections (i18n/start-sections.ts,
 * docs/decisions.md#first-screen): the login screen and a conversation list whose rows end with
 * every kind of message need no text from the rest, in either language.
 */
const languages = { en, 'zh-CN': zhCN } as const;

function startOnly(language: keyof typeof languages): string[] {
  const missing: string[] = [];
  void i18next
    .createInstance()
    .use(initReactI18next)
    .init({
      resources: { [language]: { translation: pickStartSections(languages[language]) } },
      lng: language,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      initAsync: false,
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => void missing.push(key),
    });
  return missing;
}

const callRecord = (outcome: string, mediaType = 'audio') =>
  message({
    contentType: ContentType.Custom,
    textElem: undefined,
    customElem: {
      data: JSON.stringify({
        customType: CALL_RECORD_CUSTOM_TYPE,
        data: { roomID: 'r', mediaType, outcome, duration: 61 },
      }),
      extension: '',
      description: '',
    },
  });

/** One row per kind of last message: every content type, call records, a burn message. */
function everyKindOfLastMessage(): MessageItem[] {
  const kinds: MessageItem[] = (Object.values(ContentType) as number[])
    .filter((value) => value >= 100)
    .map((contentType) => message({ contentType, textElem: undefined }));
  kinds.push(
    ...['answered', 'refused', 'canceled', 'timeout', 'busy'].map((outcome) => callRecord(outcome)),
    callRecord('answered', 'video'),
    message({ burnDuration: 30, textElem: { content: 'secret' } }),
    message({ sendID: 'alice', textElem: { content: 'own' } }),
  );
  return kinds;
}

afterEach(() => {
  cleanup();
  useConversationStore.getState().reset();
  useUserStore.getState().reset();
});

describe.each(Object.keys(languages) as (keyof typeof languages)[])('the first screens in %s', (language) => {
  it('the conversation list shows every kind of last message with the start sections alone', () => {
    const missing = startOnly(language);
    useUserStore.getState().setSelfInfo({ userID: 'alice', nickname: 'Alice', faceURL: '' } as never);
    useConversationStore.getState().setPaging({ loaded: true, hasMore: false });
    const items: ConversationItem[] = everyKindOfLastMessage().map((latestMsg, index) =>
      conversation({
        conversationID: `c${index}`,
        conversationType: index % 2 ? SessionType.Group : SessionType.Single,
        showName: `Chat ${index}`,
        latestMsg,
        latestMsgSendTime: 1000 + index,
        unreadCount: index % 3,
      }),
    );
    act(() => useConversationStore.getState().applyConversations(items));
    render(
      <MemoryRouter initialEntries={['/conversation']}>
        <ConversationPage />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(items.length);
    expect(missing).toEqual([]);
  });

  it('the login screen needs nothing past the start sections', () => {
    const missing = startOnly(language);
    render(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('button').length).toBeGreaterThan(2);
    expect(missing).toEqual([]);
  });
});

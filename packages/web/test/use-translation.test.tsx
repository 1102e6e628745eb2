import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useTranslation } from '../src/i18n/use-translation';
import { en } from '../src/i18n/locales/en';
import { zhCN } from '../src/i18n/locales/zh-CN';

const seen: Array<TFunction<'translation'>> = [];

function Title() {
  const { t } = useTranslation();
  seen.push(t);
  return <p>{t('tabs.conversation')}</p>;
}

/** An instance as the app makes one: its catalogue arrives when `arrive` is called. */
function lateInstance(): { instance: I18n; arrive: () => void } {
  let arrive: () => void = () => {};
  const instance = i18next.createInstance();
  void instance
    .use({
      type: 'backend',
      init: () => undefined,
      read: (_language: string, _namespace: string, done: (error: null, data: object) => void) => {
        arrive = () => done(null, en);
      },
    })
    .use(initReactI18next)
    .init({ lng: 'en', fallbackLng: false, ns: ['translation'], interpolation: { escapeValue: false } });
  return { instance, arrive: () => arrive() };
}

function readyInstance(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    lng: 'en',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Listeners the instance holds for an event (i18next keeps them per event and callback). */
function listeners(instance: I18n, event: string): number {
  const observers = (instance as unknown as { observers: Record<string, Map<unknown, number>> }).observers;
  return [...(observers[event]?.values() ?? [])].reduce((sum, count) => sum + count, 0);
}

describe('useTranslation (i18n/use-translation.ts)', () => {
  afterEach(() => {
    cleanup();
    seen.length = 0;
  });

  it('gives every component the same t, with one listener on the instance however many are mounted', () => {
    const instance = readyInstance();
    render(<Title />);
    const after = listeners(instance, 'languageChanged');
    render(
      <>
        {Array.from({ length: 40 }, (_, index) => (
          <Title key={index} />
        ))}
      </>,
    );
    expect(screen.getAllByText('Chats')).toHaveLength(41);
    expect(new Set(seen).size).toBe(1);
    expect(listeners(instance, 'languageChanged')).toBe(after);
  });

  it('renders again in the new language, with a new t, when the language changes', async () => {
    const instance = readyInstance();
    render(<Title />);
    const first = seen.at(-1);
    await act(() => instance.changeLanguage('zh-CN'));
    expect(screen.getByText(zhCN.tabs.conversation)).toBeDefined();
    expect(seen.at(-1)).not.toBe(first);
  });

  it('looks a plain text up once per language, and a text with options on every call', async () => {
    const instance = readyInstance();
    render(
      <>
        {Array.from({ length: 10 }, (_, index) => (
          <Title key={index} />
        ))}
      </>,
    );
    // i18next's own lookup of a key (its store, interpolation, post-processing).
    const { translator } = instance as unknown as { translator: { translate: () => unknown } };
    const lookUps = vi.spyOn(translator, 'translate');
    const t = seen.at(-1)!;
    expect(t('tabs.conversation')).toBe('Chats');
    expect(lookUps).not.toHaveBeenCalled();
    expect(t('tabs.contact')).toBe(en.tabs.contact);
    expect(t('tabs.contact')).toBe(en.tabs.contact);
    expect(lookUps).toHaveBeenCalledTimes(1);
    t('common.loading', { count: 2 });
    t('common.loading', { count: 2 });
    expect(lookUps).toHaveBeenCalledTimes(3);

    await act(() => instance.changeLanguage('zh-CN'));
    expect(screen.getAllByText(zhCN.tabs.conversation)).toHaveLength(10);
    expect(seen.at(-1)!('tabs.contact')).toBe(zhCN.tabs.contact);
  });

  it('waits (suspends) until the catalogue is in, then shows the text', async () => {
    const { arrive } = lateInstance();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Title />
      </Suspense>,
    );
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    await act(tick); // i18next asks its backend on the next tick
    expect(screen.getByText('waiting')).toBeDefined();
    // React shows content that replaces a fallback after a short throttle (300 ms).
    await act(async () => {
      arrive();
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(screen.getByText('Chats')).toBeDefined();
  });
});

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useTranslation } from '../src/i18n/use-translation';
import { i18n, initI18n, loadWholeCatalogue } from '../src/i18n';
import type { TranslationKey } from '../src/i18n/keys';

let renders = 0;

function Text({ textKey }: { textKey: TranslationKey }) {
  const { t } = useTranslation();
  renders += 1;
  return <p>{t(textKey)}</p>;
}

/**
 * The rest of the catalogue arrives after the first screen (docs/decisions.md#first-screen): what is
 * on screen renders again only when it asked for a text the start sections lack.
 */
describe('the whole catalogue after the start sections', () => {
  beforeAll(async () => {
    await initI18n();
  });
  afterEach(cleanup);

  // In this order: the second test misses a text, which the first must not have done.
  it('comes in without rendering the screen again when every text shown was found', async () => {
    expect(i18n.language).toBe('en');
    render(<Text textKey="tabs.conversation" />);
    expect(screen.getByText('Chats')).toBeDefined();
    const before = renders;
    await act(() => loadWholeCatalogue('en'));
    expect(i18n.exists('chat.noMore')).toBe(true);
    expect(renders).toBe(before);
  });

  it('renders the screen again when a text shown was missing, and the text replaces its key', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    render(<Text textKey="chat.noMore" />);
    expect(screen.getByText('chat.noMore')).toBeDefined();
    await act(() => loadWholeCatalogue('zh-CN'));
    expect(await screen.findByText('没有更早的消息了')).toBeDefined();
  });
});

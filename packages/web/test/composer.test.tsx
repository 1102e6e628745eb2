import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RoleLevel } from '@im/protocol';
import { Composer } from '../src/pages/chat/composer';
import type { AtSource } from '../src/pages/chat/at-picker';
import type { Mention } from '../src/utils/at-mentions';
import { loadAppCatalogues } from './app-i18n';
import { member } from './group-fixtures';

loadAppCatalogues('en');
afterEach(cleanup);

/** The composer as the chat holds it: the text is the chat's state (its draft). */
function Chat(props: {
  initial?: string;
  blockedText?: string;
  atSource?: AtSource;
  onSend: (text: string, mentions: Mention[]) => void;
}) {
  const [text, setText] = useState(props.initial ?? '');
  return (
    <Composer
      value={text}
      onChange={setText}
      onSend={props.onSend}
      onTyping={() => undefined}
      blockedText={props.blockedText}
      atSource={props.atSource}
    />
  );
}

const box = () => screen.getByLabelText('Message') as HTMLTextAreaElement;
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

describe('Composer', () => {
  it('keeps Send disabled while the message is empty or blank, and enables it once typed in', () => {
    render(<Chat onSend={vi.fn()} />);
    expect(sendButton().disabled).toBe(true);
    type('   ');
    expect(sendButton().disabled).toBe(true);
    type('hello');
    expect(sendButton().disabled).toBe(false);
  });

  it('Send sends the text and clears the box', () => {
    const onSend = vi.fn();
    render(<Chat onSend={onSend} />);
    type('hello there');
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledWith('hello there', []);
    expect(box().value).toBe('');
    expect(sendButton().disabled).toBe(true);
  });

  it('Enter sends; Shift+Enter does not', () => {
    const onSend = vi.fn();
    render(<Chat onSend={onSend} />);
    type('line one');
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('line one', []);
    expect(box().value).toBe('');
  });

  it('starts from the text it is given (a saved draft)', () => {
    render(<Chat initial="half a thought" onSend={vi.fn()} />);
    expect(box().value).toBe('half a thought');
    expect(sendButton().disabled).toBe(false);
  });

  it('when sending is blocked, says why in the box and sends nothing', () => {
    const onSend = vi.fn();
    render(<Chat initial="hello" blockedText="You have been muted" onSend={onSend} />);
    expect(box().placeholder).toBe('You have been muted');
    expect(box().disabled).toBe(true);
    expect(sendButton().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Emoji' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('the emoji panel adds the picked emoji to the text', () => {
    const onSend = vi.fn();
    render(<Chat onSend={onSend} />);
    type('hi ');
    const toggle = screen.getByRole('button', { name: 'Emoji' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const panel = screen.getByRole('group', { name: 'Emoji' });
    fireEvent.click(within(panel).getByRole('button', { name: '👍' }));
    expect(box().value).toBe('hi 👍');
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledWith('hi 👍', []);
  });

  it('in a group, "@" opens the picker; a pick writes the name and the send names the member', () => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(callback, 0));
    const onSend = vi.fn();
    const atSource: AtSource = {
      members: [member({ userID: 'alice' }), member({ userID: 'carol', nickname: 'Carol' })],
      self: { userID: 'alice', roleLevel: RoleLevel.Member },
    };
    render(<Chat atSource={atSource} onSend={onSend} />);
    type('hi ');
    expect(screen.queryByRole('dialog', { name: 'Mention someone' })).toBeNull();
    type('hi @'); // one character typed: the "@"
    const picker = screen.getByRole('dialog', { name: 'Mention someone' });
    fireEvent.click(within(picker).getByRole('button', { name: 'Carol' }));
    expect(box().value).toBe('hi @Carol ');
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledWith('hi @Carol ', [expect.objectContaining({ userID: 'carol' })]);
    vi.unstubAllGlobals();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MessageText } from '../src/components/message-text';

afterEach(cleanup);

describe('MessageText', () => {
  it('shows received markup as literal text, never as HTML', () => {
    const xss = '<img src=x onerror=alert(1)>';
    const { container } = render(<MessageText text={xss} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe(xss);
    expect(screen.getByText(xss)).toBeTruthy();
  });

  it('renders links that open in a new tab without access to this page', () => {
    render(<MessageText text="read www.example.com/x or https://a.org" />);
    const www = screen.getByRole('link', { name: 'www.example.com/x' });
    expect(www.getAttribute('href')).toBe('https://www.example.com/x');
    expect(www.getAttribute('target')).toBe('_blank');
    expect(www.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'https://a.org' }).getAttribute('href')).toBe('https://a.org/');
  });

  it('does not link a javascript: address', () => {
    const { container } = render(<MessageText text="javascript:alert(document.cookie)" />);
    expect(container.querySelector('a')).toBeNull();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Avatar } from '../src/components/avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('without a picture is a square with the last character of the name, named by the whole name', () => {
    render(<Avatar name="Alice" />);
    expect(screen.getByRole('img', { name: 'Alice' }).textContent).toBe('e');
  });

  it('shows the last character of a Chinese name', () => {
    render(<Avatar name="王小明" />);
    expect(screen.getByRole('img', { name: '王小明' }).textContent).toBe('明');
  });

  it('with a picture shows the picture', () => {
    render(<Avatar name="Bob" src="https://example.com/b.png" />);
    expect(screen.getByRole('img', { name: 'Bob' }).getAttribute('src')).toBe('https://example.com/b.png');
  });
});

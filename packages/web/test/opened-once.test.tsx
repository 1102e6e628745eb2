import { describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { useOpenedOnce } from '../src/hooks/use-opened-once';

describe('useOpenedOnce (a sheet is rendered from its first opening on)', () => {
  it('is false until the sheet first opens, then stays true while it closes and reopens', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), {
      initialProps: { open: false },
    });
    expect(result.current).toBe(false);
    rerender({ open: false });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });

  it('is true on the first render of a sheet that starts open', () => {
    const { result } = renderHook(() => useOpenedOnce(true));
    expect(result.current).toBe(true);
  });

  it('renders the sheet in the same pass that opens it', () => {
    let open = () => {};
    function Sheet() {
      const [visible, setVisible] = useState(false);
      open = () => setVisible(true);
      const opened = useOpenedOnce(visible);
      return opened ? <p>{visible ? 'open' : 'closing'}</p> : null;
    }
    render(<Sheet />);
    expect(screen.queryByText('open')).toBeNull();
    act(() => open());
    expect(screen.getByText('open')).toBeTruthy();
  });
});

import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { routePath } from '../router/paths';

/**
 * Back within the app; a screen opened directly (nothing of ours behind it in history) goes to
 * `fallback` instead of leaving the app. react-router keeps its position in history.state.idx.
 */
export function useGoBack(fallback: string = routePath.root) {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}

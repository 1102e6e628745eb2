import { createContext, useContext } from 'react';

/**
 * Whether the screen is the one shown. A kept-alive screen (docs/product.md#shell-behaviour) stays
 * mounted while hidden; it reads this to tell "open" from "kept in the background" (mark read, save
 * the draft, …).
 */
export const PageActivityContext = createContext(true);

export function usePageActive(): boolean {
  return useContext(PageActivityContext);
}

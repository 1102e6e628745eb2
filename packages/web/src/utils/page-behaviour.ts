import { im } from '../sdk/im';

/** The page height follows the visual viewport, so an open keyboard does not cover the composer. */
function followVisualViewport(): void {
  const apply = () => {
    const height = window.visualViewport?.height ?? window.innerHeight;
    document.documentElement.style.setProperty('--app-height', `${Math.round(height)}px`);
  };
  apply();
  window.visualViewport?.addEventListener('resize', apply);
  window.addEventListener('resize', apply);
  // Some mobile browsers resize the visual viewport for the keyboard only after focus moves.
  window.addEventListener('focusin', () => setTimeout(apply, 300));
  window.addEventListener('focusout', () => setTimeout(apply, 300));
}

/**
 * The core is told when the page goes to the background and comes back
 * (docs/product.md#shell-behaviour).
 */
function reportVisibility(): void {
  const report = () => im.setAppBackgroundStatus(document.visibilityState === 'hidden');
  report();
  document.addEventListener('visibilitychange', report);
}

/** Shell behaviour (docs/product.md#shell-behaviour) that lives outside React. */
export function installPageBehaviour(): void {
  document.addEventListener('contextmenu', (event) => event.preventDefault());
  followVisualViewport();
  reportVisibility();
}

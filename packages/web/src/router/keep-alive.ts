import { routePath } from './paths';

/**
 * Screens kept alive (chat, single setting, group setting and the tab layout;
 * docs/product.md#shell-behaviour): the key under which a path's last rendered screen is kept, or
 * undefined for screens that are not kept. The three tabs share one key: the tab layout keeps its own
 * panes.
 */
const keptKeys: Record<string, string> = {
  [routePath.conversation]: 'tabs',
  [routePath.contact]: 'tabs',
  [routePath.profile]: 'tabs',
  [routePath.chat]: routePath.chat,
  [routePath.singleSetting]: routePath.singleSetting,
  [routePath.groupSetting]: routePath.groupSetting,
};

export function keepAliveKey(pathname: string): string | undefined {
  return Object.hasOwn(keptKeys, pathname) ? keptKeys[pathname] : undefined;
}

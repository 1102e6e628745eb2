/**
 * Screens kept alive (spec §2: chat, single setting, group setting and the tab layout): the key
 * under which a path's last rendered screen is kept, or undefined for screens that are not kept.
 * The three tabs share one key: the tab layout keeps its own panes.
 */
const keptKeys: Record<string, string> = {
  '/conversation': 'tabs',
  '/contact': 'tabs',
  '/profile': 'tabs',
  '/chat': '/chat',
  '/singleSetting': '/singleSetting',
  '/groupSetting': '/groupSetting',
};

export function keepAliveKey(pathname: string): string | undefined {
  return Object.hasOwn(keptKeys, pathname) ? keptKeys[pathname] : undefined;
}

import type { NotificationTranslate } from '../pwa/notification-text';

/**
 * The worker's `t`: a dotted key looked up in one of the app's catalogues, `{{name}}` filled in.
 * The worker has no i18next; the texts are the same catalogues the page uses.
 */
export function catalogueTranslate(catalogue: object): NotificationTranslate {
  return (key, values = {}) => {
    let node: unknown = catalogue;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const text = typeof node === 'string' ? node : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
}

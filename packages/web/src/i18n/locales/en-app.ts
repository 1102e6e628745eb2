/**
 * The English texts of the installed app (update, offline), spread into `en.ts`. zh-CN-app.ts has
 * exactly the same keys (typed: it is declared as this type).
 */
export const enApp = {
  appShell: {
    updateAvailable: 'A new version is available',
    reload: 'Reload',
    offline:
      'You are offline. Chats show what was already here; messages you send go out when the network is back.',
    reconnecting: 'Not connected to the server. Reconnecting…',
  },
};

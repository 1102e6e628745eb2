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
  notifications: {
    settingsTitle: 'Notifications',
    enable: 'Notify me of messages and calls',
    enableHint: 'Also when the app is closed. Your browser asks for permission.',
    preview: 'Show sender and message text',
    previewHint: 'Off: notifications only say “New message”.',
    unsupported: 'This browser cannot show notifications. On iPhone, add the app to the home screen first.',
    denied: 'Notifications are blocked for this site. Allow them in the browser settings.',
    enableFailed: 'Notifications could not be turned on',
    newMessage: 'New message',
    newMessageBody: 'Open the app to read it',
    inGroup: '{{sender}} in {{group}}',
    mentioned: '[Mentioned you] {{text}}',
    friendApplicationTitle: 'Friend request',
    friendApplication: '{{name}} wants to add you as a friend',
    friendApplicationHidden: 'You have a new friend request',
    groupApplicationTitle: 'Request to join a group',
    groupApplication: '{{name}} asks to join {{group}}',
    groupApplicationHidden: 'Someone asks to join your group',
    voiceCall: 'Incoming voice call',
    videoCall: 'Incoming video call',
    callFrom: '{{name}} is calling you',
    callHidden: 'Someone is calling you',
  },
  appearance: {
    title: 'Appearance',
    system: 'Follow system',
    light: 'Light',
    dark: 'Dark',
  },
};

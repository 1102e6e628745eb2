/**
 * The English texts of the profile's later parts (issue 11, item 6): the username, the age, a member's
 * card opened from a group, the debug log upload in About, and the failure toasts' reasons. Spread
 * into `en.ts`; zh-CN-profile.ts has exactly the same keys (typed: it is declared as this type).
 */
export const enProfile = {
  username: {
    label: 'Username',
    title: 'Set username',
    hint: '6-12 characters of letters and digits',
    invalid: 'The username must be 6-12 characters of letters and digits',
    taken: 'This username is already taken',
    saved: 'Username saved',
  },
  age: {
    label: 'Age',
    value: '{{count}}',
  },
  memberCard: {
    region: 'In this group',
    groupNickname: 'Group nickname',
    role: 'Role',
    member: 'Member',
  },
  debugLog: {
    upload: 'Upload debug log',
    hint: 'Sends the app’s recent log lines (no messages, no passwords or tokens) to the server operator, to help find a problem.',
    confirm: 'Send the recent log lines of this app to the server operator?',
    send: 'Send',
    sent: 'Debug log uploaded',
    empty: 'There is nothing in the log yet',
  },
  failure: {
    withReason: '{{title}}: {{reason}}',
  },
};

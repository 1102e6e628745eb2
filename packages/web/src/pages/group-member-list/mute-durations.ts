import type { TranslationKey } from '../../i18n/keys';

/** The mute lengths offered on the member list (the server allows up to 30 days). */
export const MUTE_DURATIONS: { seconds: number; key: TranslationKey }[] = [
  { seconds: 10 * 60, key: 'groupMembers.minutes10' },
  { seconds: 3600, key: 'groupMembers.hour1' },
  { seconds: 12 * 3600, key: 'groupMembers.hours12' },
  { seconds: 24 * 3600, key: 'groupMembers.day1' },
  { seconds: 7 * 24 * 3600, key: 'groupMembers.days7' },
  { seconds: 30 * 24 * 3600, key: 'groupMembers.days30' },
];

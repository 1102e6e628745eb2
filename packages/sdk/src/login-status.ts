/** The messaging core's login state, as OpenIM numbers it. */
export const LoginStatus = {
  Logout: 1,
  Logging: 2,
  Logged: 3,
} as const;
export type LoginStatus = (typeof LoginStatus)[keyof typeof LoginStatus];

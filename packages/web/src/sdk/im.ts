import { createIMClient } from '@im/sdk';

/** The one messaging core of the page: every network call of the web goes through it. */
export const im = createIMClient({
  storage: window.localStorage,
  sessionStorage: window.sessionStorage,
  location: window.location,
});

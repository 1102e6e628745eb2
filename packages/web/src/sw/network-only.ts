/**
 * Paths the service worker never answers, even for a page load: the servers behind them answer
 * every request themselves (docs/api.md). `/chat/` with its slash is the chat service; the page
 * route `/chat?…` is the app's.
 */
export const NETWORK_ONLY_PATHS: RegExp[] = [
  /^\/api\//,
  /^\/chat\//,
  /^\/msg_gateway/,
  /^\/rtc/,
  /^\/healthz/,
  /^\/readyz/,
  /^\/metrics/,
];

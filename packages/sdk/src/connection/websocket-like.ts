/**
 * The part of the WebSocket API the sdk uses: the browser's, Node 24's global (undici) and a test
 * fake all fit it, so tests inject a fake and a real run injects nothing.
 */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** The runtime's WebSocket (browser or Node 24), or an error when there is none. */
export function defaultWebSocket(): WebSocketConstructor {
  const ctor = (globalThis as { WebSocket?: unknown }).WebSocket;
  if (typeof ctor !== 'function') throw new Error('no WebSocket in this runtime; pass one in the options');
  return ctor as WebSocketConstructor;
}

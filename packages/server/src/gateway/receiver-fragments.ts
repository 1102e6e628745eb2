import type { WebSocket } from 'ws';

/** The ws internals touched here (not documented fields; without them, ws keeps its own way). */
interface ReceiverInternals {
  _receiver?: { _fragments?: unknown } | null;
}

/**
 * Gives a socket's frame reader one list of fragments for its whole life, to be emptied after each
 * message (emptyFragmentList), where ws's reader makes a new empty list at every message
 * (docs/decisions.md "The message hot path", what a socket's frame left in the old generation).
 *
 * Why it matters: a socket that sends once a second keeps that new list until its next frame, past
 * two young collections, so the list is promoted to the old generation. At the next frame ws pushes
 * the frame's payload onto it: the push gives the old list a young backing store holding the
 * payload's Buffer, which holds the read's ArrayBuffer. ws then drops the list, but a dead old object
 * still counts as live to a young collection, so all three survive, are promoted too, and wait for a
 * full collection: a few hundred bytes a message, most of what 10,000 clients' messages promoted. A
 * list emptied in place holds nothing young once the message is out, so the payload dies young.
 *
 * The message's data is built before ws emits it (one fragment is handed on as it is, several are
 * copied into one Buffer), so emptying the list after is safe. Not for `binaryType = 'fragments'`,
 * where the list itself is the message (then none: undefined); the gateway keeps ws's default.
 */
export function ownFragmentList(ws: WebSocket): unknown[] | undefined {
  const receiver = receiverOf(ws);
  if (!receiver || !Array.isArray(receiver._fragments) || ws.binaryType === 'fragments') return undefined;
  const fragments: unknown[] = [];
  receiver._fragments = fragments;
  return fragments;
}

/**
 * From the socket's `message` listener: the list emptied (an array of length 0 lets go of its backing
 * store, so nothing young stays reachable) and given back to the reader, which replaced it.
 */
export function emptyFragmentList(ws: WebSocket, fragments: unknown[]): void {
  fragments.length = 0;
  const receiver = receiverOf(ws);
  if (receiver) receiver._fragments = fragments;
}

const receiverOf = (ws: WebSocket) => (ws as unknown as ReceiverInternals)._receiver;

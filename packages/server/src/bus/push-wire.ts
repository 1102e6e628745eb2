import type { GroupListRef, PushEvent } from './bus.ts';

/**
 * A group's member list on this node, of the given member version or later (the group member
 * cache's, group/group-member-cache.ts); none: the group has no member.
 */
export type GroupListResolver = (ref: GroupListRef) => Promise<readonly string[] | undefined>;

/**
 * A push as it travels between nodes (docs/decisions.md#group-fan-out): a group's member list goes
 * as its reference (group and member version), not as its IDs, which were ~20 bytes each to write,
 * publish and parse on every node for every message to a group, 200 kB for 10,000 members.
 */
export function pushToWire(event: PushEvent): PushEvent {
  return event.group ? { ...event, userIDs: [] } : event;
}

/**
 * A push as delivered on the receiving node: a group's list is this node's own list of that version
 * or later, as the sending node's was (a member who joined since may get it, as there). Resolved
 * at once when it carries its IDs; undefined when the group has no member left.
 */
export function pushFromWire(
  event: PushEvent,
  resolve: GroupListResolver,
): PushEvent | Promise<PushEvent | undefined> {
  if (!event.group || event.userIDs.length > 0) return event;
  return resolve(event.group).then((userIDs) => (userIDs ? { ...event, userIDs } : undefined));
}

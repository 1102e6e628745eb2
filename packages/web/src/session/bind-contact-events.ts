import { im } from '../sdk/im';
import { useContactStore } from '../stores/contact-store';
import type { FriendApplicationItem } from '../stores/contact-types';

/**
 * Keeps the contacts state live from the core's contacts events (docs/product.md#contacts-updates):
 * friends and blacklist entries replace or remove by userID; an application replaces the one with its
 * key.
 */
export function bindContactEvents(): void {
  const contacts = () => useContactStore.getState();
  const selfID = () => im.session.get()?.userID ?? '';

  im.on('friendAdded', (friend) => contacts().upsertFriend(friend));
  im.on('friendInfoChanged', (friend) => contacts().upsertFriend(friend));
  im.on('friendDeleted', (friend) => contacts().removeFriend(friend.userID));
  im.on('blackAdded', (black) => contacts().upsertBlack(black));
  im.on('blackDeleted', (black) => contacts().removeBlack(black.userID));

  const application = (item: FriendApplicationItem) => contacts().applyFriendApplication(item, selfID());
  im.on('friendApplicationAdded', application);
  im.on('friendApplicationAccepted', application);
  im.on('friendApplicationRejected', application);
}

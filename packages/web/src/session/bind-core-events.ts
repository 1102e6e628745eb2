import { im } from '../sdk/im';
import { useUserStore } from '../stores/user-store';

/** Keeps the stores in step with what the messaging core announces; later issues add more events. */
export function bindCoreEvents(): void {
  im.on('selfInfoUpdated', (self) => useUserStore.getState().setSelfInfo(self));
}

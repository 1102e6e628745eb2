import { useContactStore } from './contact-store';
import { useConversationStore } from './conversation-store';
import { useUserStore } from './user-store';

/** Logout clears the user, conversation and contacts state (spec §4 Logout). */
export function resetAllStores(): void {
  useUserStore.getState().reset();
  useConversationStore.getState().reset();
  useContactStore.getState().reset();
}

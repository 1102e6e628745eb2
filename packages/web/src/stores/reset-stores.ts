import { useContactStore } from './contact-store';
import { useConversationStore } from './conversation-store';
import { useCreateGroupDraft } from './create-group-draft';
import { useGroupStore } from './group-store';
import { useUserStore } from './user-store';
import { useReadStateStore } from './read-state-store';

/** Logout clears the user, conversation and contacts state (docs/product.md#logout), groups included. */
export function resetAllStores(): void {
  useUserStore.getState().reset();
  useConversationStore.getState().reset();
  useContactStore.getState().reset();
  useGroupStore.getState().reset();
  useCreateGroupDraft.getState().reset();
  useReadStateStore.getState().reset();
}

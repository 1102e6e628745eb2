import { create } from 'zustand';

/**
 * The group being created: /createGroup (the name) and /chooseUser (the members) are two screens, and
 * neither is kept alive, so what was typed and picked lives here until the group is created.
 */
export interface CreateGroupDraft {
  groupName: string;
  memberIDs: string[];
  setGroupName: (groupName: string) => void;
  setMemberIDs: (memberIDs: string[]) => void;
  reset: () => void;
}

export const useCreateGroupDraft = create<CreateGroupDraft>()((set) => ({
  groupName: '',
  memberIDs: [],
  setGroupName: (groupName) => set({ groupName }),
  setMemberIDs: (memberIDs) => set({ memberIDs }),
  reset: () => set({ groupName: '', memberIDs: [] }),
}));

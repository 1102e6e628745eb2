import { im } from '../sdk/im';
import { useUserStore } from '../stores/user-store';

/** The logged-in user's id: from the loaded profile, else from the stored session. */
export function useSelfID(): string {
  const fromProfile = useUserStore((s) => s.selfInfo?.userID);
  return fromProfile ?? im.session.get()?.userID ?? '';
}

import { paths, routePath } from '../router/paths';

/**
 * What the app's QR codes hold (README "QR codes"). A user's card encodes the address of that card
 * in this app, `${origin}/userCard?userID=<id>`, so a phone's own camera app opens it in the browser
 * too; a group card `${origin}/groupCard?groupID=<id>` (the group settings' QR code). The scanner also
 * reads OpenIM's app form (`io.openim.app/addFriend/<id>`, `io.openim.app/joinGroup/<id>`).
 */
export type QrTarget = { kind: 'user'; userID: string } | { kind: 'group'; groupID: string };

const MAX_ID = 64;

export function userQrPayload(origin: string, userID: string): string {
  return `${origin}${paths.userCard({ userID })}`;
}

export function groupQrPayload(origin: string, groupID: string): string {
  return `${origin}${paths.groupCard({ groupID })}`;
}

const validID = (id: string | null | undefined): id is string =>
  typeof id === 'string' && id.length > 0 && id.length <= MAX_ID && !/\s/.test(id);

const OPENIM = /^io\.openim\.app\/(addFriend|joinGroup)\/([^/?#\s]+)$/;

/** The card a scanned text names, or null when it is not one of ours. */
export function parseQrPayload(text: string): QrTarget | null {
  const value = text.trim();
  const openim = OPENIM.exec(value);
  if (openim) {
    const id = decodeURIComponent(openim[2]);
    if (!validID(id)) return null;
    return openim[1] === 'addFriend' ? { kind: 'user', userID: id } : { kind: 'group', groupID: id };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.pathname.endsWith(routePath.userCard)) {
    const userID = url.searchParams.get('userID');
    return validID(userID) ? { kind: 'user', userID } : null;
  }
  if (url.pathname.endsWith(routePath.groupCard)) {
    const groupID = url.searchParams.get('groupID');
    return validID(groupID) ? { kind: 'group', groupID } : null;
  }
  return null;
}

/**
 * The in-app path that opens a scanned card. A group card opened by the scanner says so
 * (`isScan=true`), so joining from it is recorded as by QR code (joinSource 4).
 */
export function qrTargetPath(target: QrTarget, options: { scanned?: boolean } = {}): string {
  if (target.kind === 'user') return paths.userCard({ userID: target.userID });
  return paths.groupCard({ groupID: target.groupID, isScan: options.scanned });
}

import type { AppContext } from '../app-context.ts';
import type { FileService } from '../file/file-service.ts';
import type { Messaging } from '../message/messaging.ts';
import { GroupApplications } from './group-applications.ts';
import { GroupMembership } from './group-membership.ts';
import type { GroupDeps } from './group-notices.ts';
import { GroupReads } from './group-reads.ts';
import { GroupSettings } from './group-settings.ts';
import { MemberSettings } from './member-settings.ts';

/** The groups area's services, built once per app; the send and revoke policies read the same tables. */
export interface Groups {
  deps: GroupDeps;
  reads: GroupReads;
  membership: GroupMembership;
  applications: GroupApplications;
  settings: GroupSettings;
  members: MemberSettings;
}

export function createGroups(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'push'>,
  messaging: Messaging,
  files: Pick<FileService, 'issued'>,
): Groups {
  const deps: GroupDeps = {
    db: ctx.db,
    dialect: ctx.dialect,
    push: ctx.push,
    faceIssued: (url) => files.issued(url),
    messages: messaging.messages,
  };
  return {
    deps,
    reads: new GroupReads(ctx.db),
    membership: new GroupMembership(deps),
    applications: new GroupApplications(deps),
    settings: new GroupSettings(deps),
    members: new MemberSettings(deps),
  };
}

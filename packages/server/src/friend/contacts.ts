import type { AppContext } from '../app-context.ts';
import type { Messaging } from '../message/messaging.ts';
import { ApplicationService } from './application-service.ts';
import { BlackService } from './black-service.ts';
import { FriendService } from './friend-service.ts';

/** The contacts area's services, built once per app; the send policy reads the same tables. */
export interface Contacts {
  applications: ApplicationService;
  friends: FriendService;
  blacks: BlackService;
}

export function createContacts(
  ctx: Pick<AppContext, 'db' | 'push' | 'log' | 'sendFacts'>,
  messaging: Messaging,
): Contacts {
  const deps = {
    db: ctx.db,
    push: ctx.push,
    log: ctx.log,
    messages: messaging.messages,
    sendFacts: ctx.sendFacts,
  };
  return {
    applications: new ApplicationService(deps),
    friends: new FriendService(deps, messaging.conversations),
    blacks: new BlackService(deps),
  };
}

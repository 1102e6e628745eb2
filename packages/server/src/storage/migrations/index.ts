import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.ts';
import * as messaging from './0002-messaging.ts';
import * as contacts from './0003-contacts.ts';
import * as groups from './0004-groups.ts';
import * as hashedCodes from './0005-hashed-codes.ts';
import * as userSearch from './0006-user-search.ts';
import * as calls from './0007-calls.ts';
import * as uploads from './0008-uploads.ts';
import * as messageChanges from './0009-message-changes.ts';
import * as burnAndReceipts from './0010-burn-and-receipts.ts';
import * as messageSearch from './0011-message-search.ts';
import * as profileGaps from './0012-profile-gaps.ts';
import * as pushSubscriptions from './0013-push-subscriptions.ts';
import * as deletedViews from './0014-deleted-views.ts';
import * as deferredMessageSearch from './0015-deferred-message-search.ts';
import * as listOrder from './0016-list-order.ts';
import * as groupMemberVersion from './0017-group-member-version.ts';
import * as messageKeyIndexes from './0018-message-key-indexes.ts';
import * as messageIds from './0019-message-ids.ts';
import * as searchFile from './0020-search-file.ts';

/**
 * One migration set for SQLite and PostgreSQL, applied in name order on start. Later areas add a file
 * here; a shipped migration is never edited.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-messaging': messaging,
  '0003-contacts': contacts,
  '0004-groups': groups,
  '0005-hashed-codes': hashedCodes,
  '0006-user-search': userSearch,
  '0007-calls': calls,
  '0008-uploads': uploads,
  '0009-message-changes': messageChanges,
  '0010-burn-and-receipts': burnAndReceipts,
  '0011-message-search': messageSearch,
  '0012-profile-gaps': profileGaps,
  '0013-push-subscriptions': pushSubscriptions,
  '0014-deleted-views': deletedViews,
  '0015-deferred-message-search': deferredMessageSearch,
  '0016-list-order': listOrder,
  '0017-group-member-version': groupMemberVersion,
  '0018-message-key-indexes': messageKeyIndexes,
  '0019-message-ids': messageIds,
  '0020-search-file': searchFile,
};

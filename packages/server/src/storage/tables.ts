import type { CallTables } from './calls-schema.ts';
import type { ContactTables } from './contacts-schema.ts';
import type { GroupTables } from './groups-schema.ts';
import type { MessagingTables } from './messaging-schema.ts';
import type { AccountTables } from './schema.ts';
import type { UploadTables } from './uploads-schema.ts';
import type { DebugLogTables } from './debug-logs-schema.ts';
import type { PushTables } from './push-schema.ts';

/** Every table of the database; each area adds its tables here. */
export type Tables = AccountTables &
  MessagingTables &
  ContactTables &
  GroupTables &
  CallTables &
  UploadTables &
  DebugLogTables &
  PushTables;

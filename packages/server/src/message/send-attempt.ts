import type { Transaction } from 'kysely';
import type { Tables } from '../storage/tables.ts';
import type { MessageRow } from './message-row.ts';

/*
 * The shapes checkSendPolicy works on, apart from it so that the area rules it calls (the group's in
 * src/group/group-send-policy.ts) can name them without importing the policy back.
 */

/** Who sends to what: the fields of a send that decide whether it may go. */
export interface SendAttempt {
  sendID: string;
  sessionType: number;
  recvID: string;
  groupID: string;
  /** The content, where a rule depends on it (a group @all is the owner's and admins' only). */
  contentType?: number;
  content?: Record<string, unknown>;
}

/** Where an allowed send goes. */
export interface SendTarget {
  conversationID: string;
  /** Users other than the sender who get the message (pushes, their conversation rows). */
  recipientIDs: string[];
  /**
   * The sender and the recipients, each once, where a list of them is kept (a group's,
   * group-member-cache.ts): the push takes it as it is, without copying or de-duplicating it.
   */
  everyoneIDs?: readonly string[];
  /**
   * The recipients' conversation rows are kept by afterStore instead of one upsert each (a group's:
   * every member has a row, only deleted ones change; docs/decisions.md "Group fan-out").
   */
  recipientViewsKept?: boolean;
  /** A one-to-one send's burn duration, read with the relation (one-to-one-facts.ts); else read apart. */
  burnDuration?: number;
  /** Runs in the message's storing transaction (a group at-text marks the mentioned members' rows). */
  afterStore?: (trx: Transaction<Tables>, row: MessageRow) => Promise<void>;
}

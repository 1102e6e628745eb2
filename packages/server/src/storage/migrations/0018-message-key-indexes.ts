import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Two fewer index entries per stored message (issue 15, docs/decisions.md#the-message-hot-path):
 * - one index on (client_msg_id, send_id) serves both lookups by clientMsgID: a send's idempotence
 *   (sender and clientMsgID, unique as before) and a history page's or a change's anchor (conversation
 *   and clientMsgID, the conversation checked on the few rows of that clientMsgID). Until now each had
 *   an index of its own, each a random page to change per message.
 * - the burn sweep's index holds only messages whose countdown has started (`burn_at > 0`), not every
 *   message with its 0.
 * Each step may run again: Kysely runs SQLite's migrations outside a transaction, so a start stopped
 * half-way through this one runs it again from the beginning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS messages_client_id_sender ON messages (client_msg_id, send_id)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS messages_sender_client_id`.execute(db);
  await sql`DROP INDEX IF EXISTS messages_conversation_client_id`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS messages_burn_due ON messages (burn_at) WHERE burn_at > 0`.execute(db);
  await sql`DROP INDEX IF EXISTS messages_burn_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX messages_burn_at ON messages (burn_at)`.execute(db);
  await sql`DROP INDEX messages_burn_due`.execute(db);
  await sql`CREATE INDEX messages_conversation_client_id ON messages (conversation_id, client_msg_id)`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX messages_sender_client_id ON messages (send_id, client_msg_id)`.execute(db);
  await sql`DROP INDEX messages_client_id_sender`.execute(db);
}

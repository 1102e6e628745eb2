import { SessionType, singleConversationID } from '@im/protocol';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { BatchingMessageWriter } from '../../packages/server/src/message/batching-writer.ts';
import { viewTarget } from '../../packages/server/src/message/view-target.ts';
import { startSearchIndex } from '../../packages/server/src/search/search-index.ts';
import { openDatabase } from '../../packages/server/src/storage/database.ts';
import type { BenchUser } from '../messaging/seed-users.ts';
import { textDraft } from '../support/text-draft.ts';

/** Stores in flight at once: enough for the writer to batch many into one commit. */
const IN_FLIGHT = 5000;

/**
 * `perClient` texts to each client from its own offline sender ("Missed n"), stored through the
 * server's own message writer (seqs, conversation rows and all) straight into the data folder before
 * the server starts, as the history bench seeds, and indexed for search as a running server would
 * have: the bench times the catch-up, not the sends.
 */
export async function seedMissed(
  dataDir: string,
  secret: string,
  pairs: { client: BenchUser; sender: BenchUser }[],
  perClient: number,
): Promise<void> {
  const { db } = await openDatabase(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret, DATABASE_URL: '' }));
  const writer = new BatchingMessageWriter(db);
  const conversations = pairs.map(({ client, sender }) => {
    const conversationId = singleConversationID(sender.userID, client.userID);
    const views = [sender.userID, client.userID].map((id) =>
      viewTarget(conversationId, SessionType.Single, id),
    );
    return { conversationId, views, sendId: sender.userID, recvId: client.userID };
  });
  // Message n of every conversation before message n + 1 of any: each conversation's seqs rise in order.
  for (let n = 1; n <= perClient; n += 1) {
    for (let start = 0; start < conversations.length; start += IN_FLIGHT) {
      await Promise.all(
        conversations.slice(start, start + IN_FLIGHT).map((c) =>
          writer.store(
            textDraft({
              conversationId: c.conversationId,
              clientMsgId: `missed-${c.sendId}-${n}`,
              sendId: c.sendId,
              recvId: c.recvId,
              senderNickname: c.sendId,
              text: `Missed ${n}`,
            }),
            { views: c.views },
          ),
        ),
      );
    }
  }
  // A running server indexes each message for search within a quarter second of its commit
  // (search/search-index.ts); seeded ones are indexed here, or the server's first start would
  // index the million of them during the storm (a third of that run's server CPU).
  const index = await startSearchIndex(db, 'sqlite', dataDir);
  await index.stop();
  await db.destroy();
}

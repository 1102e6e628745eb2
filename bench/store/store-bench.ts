import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SessionType, singleConversationID } from '@im/protocol';
import { newClientMsgID } from '@im/sdk';
import type { TestServer } from '@im/server/testing';
import { viewTarget } from '../../packages/server/src/message/view-target.ts';
import { describeMachine, resultsDir } from '../messaging/bench-options.ts';
import { round } from '../messaging/stats.ts';
import { commitOf, startWebServer } from '../support/bench-server.ts';
import { textDraft } from '../support/text-draft.ts';

const CONVERSATIONS = 2000;
const BATCH = 64;
const WARM_UP = 20_000;
const ROUND = 40_000;
const ROUNDS = 3;

/** `count` one-to-one texts through the server's writer, BATCH at a time, across the conversations in turn. */
async function store(server: TestServer, first: number, count: number): Promise<void> {
  const writer = server.app.messenger.messageWriter;
  for (let n = first; n < first + count; n += BATCH) {
    await Promise.all(
      Array.from({ length: BATCH }, (_, i) => {
        const pair = (n + i) % CONVERSATIONS;
        const [from, to] = [`store${pair}a`, `store${pair}b`];
        const conversationId = singleConversationID(from, to);
        return writer.store(
          textDraft({
            conversationId,
            clientMsgId: newClientMsgID(),
            sendId: from,
            recvId: to,
            senderNickname: 'A',
            text: `Message ${n + i}`,
          }),
          { views: [from, to].map((id) => viewTarget(conversationId, SessionType.Single, id)) },
        );
      }),
    );
  }
}

/**
 * `npm run bench -- store`: the CPU per message of storing one-to-one texts through the server's
 * writer in-process (embedded SQLite; no gateway, no socket, no push): the store path's own cost
 * (docs/decisions.md "The message hot path"), steadier on a shared machine than the messaging bench's
 * per-message CPU, which moves with batch sizes. Three rounds after a warm-up. The clientMsgIDs are
 * the sdk's (newClientMsgID), whose order decides how the index on them grows.
 */
export async function main(): Promise<void> {
  const server = await startWebServer();
  const perMessage: number[] = [];
  try {
    await store(server, 0, WARM_UP);
    for (let r = 0; r < ROUNDS; r += 1) {
      const before = process.cpuUsage();
      await store(server, WARM_UP + r * ROUND, ROUND);
      const used = process.cpuUsage(before);
      perMessage.push(round((used.user + used.system) / ROUND, 1));
    }
  } finally {
    await server.close();
  }
  const machine = describeMachine();
  const commit = commitOf();
  const measuredAt = new Date().toISOString();
  const markdown = [
    `# Store path (${measuredAt}, commit ${commit})`,
    '',
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memGiB} GiB, Node ${machine.node}; embedded SQLite; load average ${machine.loadAvg1} at the end.`,
    `One-to-one texts over ${CONVERSATIONS} conversations through the server's writer in-process, ${BATCH} at a time, after ${WARM_UP} untimed;`,
    "CPU: the process's CPU time (all threads) per message in each round of " + `${ROUND}.`,
    '',
    '| round | CPU µs per message |',
    '| --- | --- |',
    ...perMessage.map((us, i) => `| ${i + 1} | ${us} |`),
    '',
  ].join('\n');
  const dir = resultsDir();
  writeFileSync(join(dir, 'store-latest.md'), markdown);
  writeFileSync(
    join(dir, `store-${measuredAt.replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ measuredAt, commit, machine, perMessage }, null, 2)}\n`,
  );
  console.log(markdown);
}

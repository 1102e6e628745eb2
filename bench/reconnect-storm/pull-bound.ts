import WebSocket from 'ws';
import { WsReq } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { BenchUser } from '../messaging/seed-users.ts';
import { gatewayUrl } from '../support/gateway-url.ts';

/** What the server does with a pull of `seqs` seqs: its errCode and how many messages it answered. */
export interface PullAnswer {
  seqs: number;
  errCode: number;
  messages: number;
}

/**
 * Whether the server bounds one PullMsgs request (docs/sdk.md, MAX_PULL_SEQS): `user` asks for the
 * first `sizes[i]` seqs of its conversation in one range each, on a socket of its own.
 */
export async function probePullBound(
  port: number,
  user: BenchUser,
  conversationID: string,
  sizes: number[],
): Promise<PullAnswer[]> {
  const ws = new WebSocket(gatewayUrl(port, user, 'storm-bound'), { perMessageDeflate: false });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const answers: PullAnswer[] = [];
  try {
    for (const [i, seqs] of sizes.entries()) {
      const msgIncr = `bound-${i}`;
      const frame = await new Promise<{ errCode: number; data?: { msgs?: Record<string, MessageItem[]> } }>(
        (resolve) => {
          const listen = (raw: WebSocket.RawData) => {
            const answer = JSON.parse(String(raw)) as { msgIncr?: string; errCode: number };
            if (answer.msgIncr !== msgIncr) return;
            ws.off('message', listen);
            resolve(answer);
          };
          ws.on('message', listen);
          ws.send(
            JSON.stringify({
              reqIdentifier: WsReq.PullMsgs,
              msgIncr,
              operationID: msgIncr,
              data: { ranges: [{ conversationID, begin: 1, end: seqs }] },
            }),
          );
        },
      );
      const messages = Object.values(frame.data?.msgs ?? {}).flat().length;
      answers.push({ seqs, errCode: frame.errCode, messages });
    }
  } finally {
    ws.terminate();
  }
  return answers;
}

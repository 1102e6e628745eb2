import { execFile } from 'node:child_process';
import { ContentType } from '@im/protocol';

export interface StoredText {
  conversationID: string;
  seq: number;
}

/**
 * Every text the cluster's PostgreSQL holds, by clientMsgID (read with Debian's psql, as an operator
 * would): what "stored once" is checked against.
 */
export function storedTexts(databaseUrl: string): Promise<Map<string, StoredText[]>> {
  const sql = `select client_msg_id, conversation_id, seq from messages where content_type = ${ContentType.Text}`;
  return new Promise((resolve, reject) => {
    execFile(
      'psql',
      [databaseUrl, '-At', '-F', '\t', '-c', sql],
      { timeout: 30_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return reject(error);
        const rows = new Map<string, StoredText[]>();
        for (const line of stdout.split('\n').filter(Boolean)) {
          const [clientMsgID, conversationID, seq] = line.split('\t');
          rows.set(clientMsgID, [...(rows.get(clientMsgID) ?? []), { conversationID, seq: Number(seq) }]);
        }
        resolve(rows);
      },
    );
  });
}

/**
 * Acknowledged sends that are not stored exactly once with the seq they were answered with, and
 * clientMsgIDs stored more than once (a retry that made a copy).
 */
export async function storageDefects(
  databaseUrl: string,
  acked: { clientMsgID: string; conversationID: string; seq: number }[],
): Promise<{ missing: string[]; copies: string[] }> {
  const rows = await storedTexts(databaseUrl);
  const missing = acked
    .filter((a) => {
      const stored = rows.get(a.clientMsgID) ?? [];
      return !stored.some((s) => s.conversationID === a.conversationID && s.seq === a.seq);
    })
    .map((a) => `${a.clientMsgID} ${a.conversationID}#${a.seq}`);
  const copies = [...rows].filter(([, stored]) => stored.length > 1).map(([id, s]) => `${id} ×${s.length}`);
  return { missing, copies };
}

import { Header } from '@im/protocol';
import type { Envelope } from '@im/protocol';
import type { TestServer } from '../../src/testing.ts';

/** An answer's HTTP status and envelope. */
export interface RawAnswer extends Envelope<unknown> {
  status: number;
}

/** POSTs JSON with extra headers (an attacker's `X-Forwarded-For`, for one). */
export async function postAs(
  server: TestServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Header.operationID]: `attack-${Math.random().toString(36).slice(2)}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { ...((await response.json()) as Envelope<unknown>), status: response.status };
}

/** How many answers carry each errCode, e.g. `{ 0: 30, 20005: 5 }`. */
export function tally(answers: { errCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { errCode } of answers) counts[errCode] = (counts[errCode] ?? 0) + 1;
  return counts;
}

import { ChatPath, Header } from '@im/protocol';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoginProbe {
  /** When it was sent, from the storm's start (ms). */
  atMs: number;
  ms: number;
  errCode: number;
}

/**
 * A fresh password login (POST /chat/account/login, scrypt and a new session) every `everyMs` from
 * `startAt` (epoch ms), each as another of `emails` (the per-account login limit stays out of it),
 * until `done()` says the storm is over and at least `least` have answered.
 */
export async function loginProbes(
  port: number,
  emails: string[],
  startAt: number,
  everyMs: number,
  least: number,
  done: () => boolean,
): Promise<LoginProbe[]> {
  const probes: LoginProbe[] = [];
  for (let k = 0; k < emails.length && (probes.length < least || !done()); k += 1) {
    await sleep(Math.max(0, startAt + k * everyMs - now()));
    const sent = now();
    const response = await fetch(`http://127.0.0.1:${port}/chat${ChatPath.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [Header.operationID]: `probe-${k}` },
      body: JSON.stringify({ email: emails[k], password: 'bench123', platform: 5 }),
    });
    const { errCode } = (await response.json()) as { errCode: number };
    probes.push({ atMs: sent - startAt, ms: now() - sent, errCode });
  }
  return probes;
}

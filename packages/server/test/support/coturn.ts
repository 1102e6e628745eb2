import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../../../scripts/coturn.sh', import.meta.url));

export interface Turn {
  urls: string[];
  secret: string;
  /** host and port of the first UDP url */
  host: string;
  port: number;
  stop(): void;
}

/**
 * The coturn of TURN_URLS/TURN_SECRET (npm test and CI start one, scripts/coturn.sh), else one this
 * test starts on loopback itself through the same script. Never skipped: without coturn it fails
 * with the script's line saying how to install it.
 */
export function useTurn(): Turn {
  let urls = (process.env.TURN_URLS ?? '').split(',').filter(Boolean);
  let secret = process.env.TURN_SECRET ?? '';
  let stop = () => {};
  if (urls.length === 0 || !secret) {
    const dir = mkdtempSync(join(tmpdir(), 'im-coturn-'));
    const port = 40000 + Math.floor(Math.random() * 5000);
    const env = {
      ...process.env,
      COTURN_DIR: dir,
      COTURN_PORT: String(port),
      COTURN_MIN_PORT: String(port + 1),
      COTURN_MAX_PORT: String(port + 40),
    };
    const out = execFileSync('bash', [script, 'start'], { env, encoding: 'utf8' });
    const lines = Object.fromEntries(
      out
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    urls = lines.TURN_URLS.split(',');
    secret = lines.TURN_SECRET;
    stop = () => {
      execFileSync('bash', [script, 'stop'], { env });
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const udp = urls.find((u) => u.includes('transport=udp')) ?? urls[0];
  const [, host, port] = /^turns?:([^:?]+):(\d+)/.exec(udp) ?? [];
  return { urls, secret, host, port: Number(port), stop };
}

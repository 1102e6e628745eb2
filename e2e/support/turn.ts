import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/coturn.sh', import.meta.url));

export interface TurnEnv {
  TURN_URLS: string;
  TURN_SECRET: string;
  stop(): void;
}

/**
 * The coturn of TURN_URLS/TURN_SECRET (npm test and CI start one), else one started here on loopback
 * through scripts/coturn.sh on its own ports and folder, stopped by `stop()`. Never skipped: without
 * coturn the script says how to install it and this throws.
 */
export function startTurn(): TurnEnv {
  const { TURN_URLS, TURN_SECRET } = process.env;
  if (TURN_URLS && TURN_SECRET) return { TURN_URLS, TURN_SECRET, stop: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'im-e2e-coturn-'));
  const port = 45000 + Math.floor(Math.random() * 4000);
  const env = {
    ...process.env,
    COTURN_DIR: dir,
    COTURN_PORT: String(port),
    COTURN_MIN_PORT: String(port + 1),
    COTURN_MAX_PORT: String(port + 60),
  };
  const out = execFileSync('bash', [script, 'start'], { env, encoding: 'utf8' });
  const lines = new Map(
    out
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const),
  );
  return {
    TURN_URLS: lines.get('TURN_URLS') ?? '',
    TURN_SECRET: lines.get('TURN_SECRET') ?? '',
    stop: () => {
      execFileSync('bash', [script, 'stop'], { env });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

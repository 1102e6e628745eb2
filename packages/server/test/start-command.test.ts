import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../src/ops/gc-tuning.ts';

const repoFile = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const scriptsOf = (path: string) =>
  (JSON.parse(repoFile(path)) as { scripts: Record<string, string> }).scripts;

/** The words of a command line from its last `node` up to the server's entry (its flags among them). */
function serverCommand(line: string): string[] {
  const beforeEntry = line.slice(0, line.search(/\S*server\.ts/));
  return beforeEntry.slice(beforeEntry.lastIndexOf('node')).split(/\s+/);
}

// Node takes these flags from its command line only, so every way of starting the server names them
// (src/ops/gc-tuning.ts): npm start, the server package's start, the dev server, the local cluster.
describe('the commands that start the server', () => {
  const commands = {
    'npm start': scriptsOf('package.json').start,
    'npm run dev:server': scriptsOf('package.json')['dev:server'],
    "the server package's start": scriptsOf('packages/server/package.json').start,
    'scripts/cluster.sh': repoFile('scripts/cluster.sh')
      .split('\n')
      .find((line) => line.includes('packages/server/src/server.ts') && line.includes('setsid'))!,
  };

  it.each(Object.entries(commands))('%s gives node the server’s flags', (_name, line) => {
    expect(line).toBeDefined();
    const command = serverCommand(line);
    expect(command.length).toBeGreaterThan(1);
    for (const flag of SERVER_NODE_FLAGS) expect(command).toContain(flag);
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

interface Target {
  path: string;
  isDefault: boolean;
}

/** What antd-mobile's barrel exports, and from which of its own modules (read from es/index.js). */
function barrelExports(): Map<string, Target> {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('antd-mobile/package.json'));
  const source = readFileSync(join(root, 'es/index.js'), 'utf8');
  const map = new Map<string, Target>();
  for (const [, names, from] of source.matchAll(/export \{([^}]+)\} from '\.\/([^']+)'/g)) {
    for (const part of names.split(',').map((p) => p.trim())) {
      const alias = /^default as (\w+)$/.exec(part);
      if (alias) map.set(alias[1], { path: `antd-mobile/es/${from}`, isDefault: true });
      else map.set(part, { path: `antd-mobile/es/${from}`, isDefault: false });
    }
  }
  return map;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']antd-mobile["'];?/g;

/**
 * Rewrites `import { Button, Toast } from 'antd-mobile'` into imports of each component's own
 * module. antd-mobile marks its barrel as having side effects, so importing it from the start makes
 * every component the app uses anywhere part of the first chunk; straight imports keep each in the
 * screen that uses it (docs/decisions.md#first-screen). Its global styles are imported in main.tsx.
 */
export function antdDirectImports(): Plugin {
  let exports: Map<string, Target> | null = null;
  return {
    name: 'antd-direct-imports',
    enforce: 'post',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes('antd-mobile')) return null;
      exports ??= barrelExports();
      const known = exports;
      const rewritten = code.replace(IMPORT, (whole, specifiers: string) => {
        const lines: string[] = [];
        for (const spec of specifiers
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [name, local = name] = spec.split(/\s+as\s+/);
          const target = known.get(name);
          if (!target) return whole;
          lines.push(
            target.isDefault
              ? `import ${local} from '${target.path}';`
              : `import { ${name} as ${local} } from '${target.path}';`,
          );
        }
        return lines.join('\n');
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

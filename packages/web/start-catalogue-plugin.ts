import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type { Plugin, ViteDevServer } from 'vite';
import type { Catalogue } from './src/i18n/locales/en';
import type { pickStartSections } from './src/i18n/start-sections';

const PREFIX = 'virtual:start-catalogue/';
const LOCALES: Record<string, { file: string; name: string }> = {
  en: { file: './src/i18n/locales/en.ts', name: 'en' },
  'zh-CN': { file: './src/i18n/locales/zh-CN.ts', name: 'zhCN' },
};
const source = (file: string) => fileURLToPath(new URL(file, import.meta.url));

async function load<T>(file: string): Promise<T> {
  // configFile false: the app's own config (which holds this plugin) is not loaded again.
  return (await runnerImport<T>(source(file), { configFile: false, logLevel: 'silent' })).module;
}

/**
 * `virtual:start-catalogue/<language>`: the start sections of a language's catalogue
 * (src/i18n/start-sections.ts) as a module of their own, taken from the catalogue itself at build
 * time, so the first screens load them without the rest (docs/decisions.md#first-screen).
 */
export function startCatalogues(): Plugin {
  return {
    name: 'start-catalogues',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const locale = LOCALES[id.slice(PREFIX.length + 1)];
      if (!locale) throw new Error(`no catalogue for ${id}`);
      const catalogue = (await load<Record<string, Catalogue>>(locale.file))[locale.name];
      const sections = await load<{ pickStartSections: typeof pickStartSections }>(
        './src/i18n/start-sections.ts',
      );
      return `export default ${JSON.stringify(sections.pickStartSections(catalogue))};`;
    },
    configureServer(server: ViteDevServer) {
      // An edited catalogue reaches the dev server's start sections too.
      server.watcher.on('change', (file) => {
        if (!file.includes('/src/i18n/')) return;
        for (const language of Object.keys(LOCALES)) {
          const module = server.moduleGraph.getModuleById(`\0${PREFIX}${language}`);
          if (module) server.moduleGraph.invalidateModule(module);
        }
      });
    },
  };
}

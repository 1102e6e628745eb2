import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress-plugin';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const server = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Everything the start needs in one file instead of dozens: on a phone network each request
        // waits a round trip for a free connection; screens still load lazily.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    // Trailing slashes: the page route /chat must stay with the client, only /chat/... is the chat service.
    proxy: {
      '/chat/': server,
      '/api/': server,
      '/msg_gateway': { target: server, ws: true },
    },
  },
});

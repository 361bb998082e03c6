import { API_ROOTS, EVENTS_PATH } from '@rmm/domain/api-paths';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './precompress-plugin.ts';

const api = process.env.API_URL ?? 'http://localhost:8080';

/**
 * `npm run dev:web`: every API root goes to the server, segment by segment (a regular expression, so
 * that `/devices` is proxied and the console's `/deviceDashboard` is not); the events socket as a
 * WebSocket.
 */
export const devProxy = (target: string): Record<string, ProxyOptions> =>
  Object.fromEntries(
    API_ROOTS.map((root) => [
      `^${root}(/|\\?|$)`,
      root === EVENTS_PATH
        ? { target: target.replace('http', 'ws'), ws: true }
        : { target, changeOrigin: false },
    ]),
  );

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: devProxy(api),
  },
  // The manifest lets scripts/check-bundle-budget.mjs weigh the first load (sign-in and dashboard).
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 500,
    // The domain package builds its schemas at the top level of each module; building a schema has no
    // effect besides its value, so a screen that takes one constant from a module does not carry its
    // schemas (and the schema library) with it.
    rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
});

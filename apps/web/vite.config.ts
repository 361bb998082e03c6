import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:8080';
const apiPaths = [
  '/auth',
  '/organizations',
  '/client',
  '/activities',
  '/settings',
  '/dashboard',
  '/devices',
  '/noderole',
  '/query',
  '/enrollment-tokens',
  '/docs',
  '/healthz',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(apiPaths.map((p) => [p, { target: api, changeOrigin: false }])),
      '/events': { target: api.replace('http', 'ws'), ws: true },
    },
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

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
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});

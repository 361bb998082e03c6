import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Files of a worker share one jsdom and module graph (see the root vitest.config.ts).
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // A bound for a busy CI machine running files side by side (jsdom renders are CPU-bound), not a wait.
    testTimeout: 30_000,
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { driverPwa } from './vite.driver-pwa.js';

// The API server (src/server) listens on 3000 in development; the dev server forwards API and media calls to it.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: '.',
  publicDir: 'public',
  // driverPwa: the driver page's service worker (ADR 0014).
  plugins: [react(), driverPwa()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases. A group also
        // takes the libraries its modules import, and earlier groups choose first: React comes first so the
        // driver's phone page (React and idb only) loads neither Mantine nor the office's other libraries.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'idb', test: /node_modules[\\/]idb[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/domain/**/*.test.ts', 'src/contracts/**/*.test.ts', 'src/server/**/*.test.ts'],
          // Server API tests start an embedded Postgres (PGlite), which is slow to boot.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
    ],
  },
});

/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': serverUrl,
      '/auth': serverUrl,
    },
  },
  build: {
    outDir: 'dist',
    // Maps are written for error reporting but not referenced from the bundles; the server
    // does not serve them (.map answers 404).
    sourcemap: 'hidden',
    // Content-Security-Policy forbids inline scripts: keep the module preload polyfill out.
    modulePreload: { polyfill: false },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});

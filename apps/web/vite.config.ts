/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mantineCssLayers } from './src/build/mantine-css-layers';
import { compileMarkdownPage } from './src/lib/markdown-html';

/** `import page from './x.md'`: the page compiled to `{ title, html }` at build time (marked). */
function staticPagesMarkdown(): Plugin {
  return {
    name: 'portal-static-pages-markdown',
    transform(source, id) {
      if (!/\.md$/.test(id)) return null;
      return { code: `export default ${JSON.stringify(compileMarkdownPage(source))};`, map: null };
    },
  };
}

const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), staticPagesMarkdown(), mantineCssLayers()],
  server: {
    port: 5173,
    proxy: {
      '/api': serverUrl,
      '/auth': serverUrl,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
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

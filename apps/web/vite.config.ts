/// <reference types="vitest/config" />
import path from 'node:path';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig, type Plugin } from 'vite';
import { inlineEarlyRequests } from './src/build/inline-early-requests.ts';
import { inlineFavicon } from './src/build/inline-favicon.ts';
import { lightSchemeOnly } from './src/build/light-scheme-only.ts';
import { mantineCssLayers } from './src/build/mantine-css-layers.ts';
import { stylesheetInBody } from './src/build/stylesheet-in-body.ts';
import { compileMarkdownPage } from './src/lib/markdown-html.ts';

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

/** Matches the JavaScript modules of the named packages (never their stylesheets). */
const vendor = (packages: RegExp) => {
  const pattern = new RegExp(`node_modules[\\\\/](${packages.source})[\\\\/].*\\.[cm]?js$`);
  return (id: string) => pattern.test(id);
};

const serverUrl = process.env.PORTAL_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    staticPagesMarkdown(),
    mantineCssLayers(),
    inlineFavicon(path.join(import.meta.dirname, 'public')),
    inlineEarlyRequests(path.join(import.meta.dirname, 'src/lib/early-requests.inline.js')),
    stylesheetInBody(),
  ],
  css: {
    // Mantine's mixins and functions; then every rule for the dark colour scheme goes, since
    // the portal is light only (MantineProvider's forceColorScheme).
    postcss: { plugins: [postcssPresetMantine(), lightSchemeOnly()] },
  },
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
    // Content-Security-Policy allows no inline script but the early-requests one (by its
    // hash): keep the module preload polyfill out.
    modulePreload: { polyfill: false },
    // The password-strength dictionaries (zxcvbn's common and German lists, about 820 KB and
    // 430 KB minified) load only where a password is set (Mein Konto, the invitation). What the
    // first view loads is held to its budget by bench/first-load.ts (decision 004), not here.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // The first view's JavaScript in a few parallel downloads instead of one entry chunk
        // of ~140 KB gzip: over HTTP/1.1 each connection ramps up on its own (TCP slow start),
        // so React DOM and Mantine load alongside the app. Only modules of the first view
        // ('$initial'); styles stay with the app's chunk (one stylesheet).
        codeSplitting: {
          groups: [
            {
              // With React DOM, the token decoding that the first view and later pages share
              // (src/lib/jwt.ts): alone it was a chunk of its own, one request more (0.7 KB).
              name: 'react-dom',
              test: (id: string) =>
                vendor(/react-dom|scheduler/)(id) || /[\\/]src[\\/]lib[\\/]jwt\.ts$/.test(id),
              tags: ['$initial'],
              priority: 2,
            },
            {
              name: 'mantine',
              test: vendor(
                /@mantine|@floating-ui|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib|clsx/,
              ),
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Vitest's 5 s is too short for a component test that types and clicks through a form on the
    // 2-core machine while other suites run: credit-offer-page.test.tsx's typing tests took
    // 3.5 s alone and timed out at 5 s beside the server suite, and the next test then failed
    // on what the cut-off one left behind. Several tests had raised their own limit to 30 s.
    // A timeout is no assertion: what a test waits for (findBy, waitFor) keeps its own.
    testTimeout: 30_000,
  },
});

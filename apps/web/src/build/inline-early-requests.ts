import { readFileSync } from 'node:fs';
import { minifySync, type Plugin } from 'vite';

/**
 * The early-requests script (src/lib/early-requests.inline.js) minified for an inline <script>:
 * refuses text that would end the element or open a comment inside it.
 */
export function earlyRequestsScript(source: string): string {
  const { code, errors } = minifySync('early-requests.inline.js', source);
  if (errors.length > 0) throw new Error(`early-requests.inline.js: ${errors[0]?.message}`);
  const script = code.trim();
  if (/<\/script|<!--/i.test(script)) throw new Error('early-requests.inline.js: not inlinable');
  return script;
}

/**
 * Puts the early-requests script into index.html's head as an inline script: it runs while the
 * page is parsed, one round trip before any file could. After the app's scripts and their
 * preloads (the browser asks for those first), before the style sheet: an inline script after a
 * style sheet waits until the sheet has loaded. The server allows it by its hash
 * (Content-Security-Policy of index.html, apps/server/src/plugins/web.ts).
 */
export function inlineEarlyRequests(scriptFile: string): Plugin {
  return {
    name: 'portal-inline-early-requests',
    transformIndexHtml: {
      // After Vite has put the entry script, its preloads and the style sheet into the head.
      order: 'post',
      handler(html) {
        if (!html.includes('</head>')) throw new Error('index.html: no </head>');
        const script = `<script>${earlyRequestsScript(readFileSync(scriptFile, 'utf8'))}</script>`;
        const styleSheet = /<link rel="stylesheet"[^>]*>/.exec(html);
        const head = html.indexOf('</head>');
        const at = styleSheet && styleSheet.index < head ? styleSheet.index : head;
        return `${html.slice(0, at)}${script}\n    ${html.slice(at)}`;
      },
    },
  };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The SVG as a `data:` URL: percent-encoded where a URL or an HTML attribute needs it, double
 * quotes turned single, whitespace between tags dropped. Readable and smaller than base64.
 */
export function svgDataUrl(svg: string): string {
  const compact = svg.trim().replace(/>\s+</g, '><').replace(/"/g, "'");
  const encoded = compact.replace(/[%#<>&\r\n\t]/g, (char) => encodeURIComponent(char));
  return `data:image/svg+xml,${encoded}`;
}

/**
 * Writes `public/favicon.svg` into index.html's icon link as a `data:` URL, so the first view
 * makes no request of its own for the icon (over HTTP/1.1 it took one of the six connections
 * the scripts need; Lighthouse's simulation starts it with the document). The file stays
 * served for the other pages.
 */
export function inlineFavicon(publicDir: string): Plugin {
  return {
    name: 'portal-inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
      const link = /(<link rel="icon" type="image\/svg\+xml" href=")\/favicon\.svg(")/;
      if (!link.test(html)) throw new Error('index.html: no <link rel="icon" href="/favicon.svg">');
      return html.replace(link, (_, before: string, after: string) => {
        return `${before}${svgDataUrl(svg)}${after}`;
      });
    },
  };
}

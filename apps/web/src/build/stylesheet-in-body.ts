import type { Plugin } from 'vite';

/**
 * Moves the app's style sheets (which Vite links in the head) into the body, right after the
 * `#root` element and its "Wird geladen …" text. A style sheet in the head holds back the first
 * paint until it has loaded, on a slow line together with the scripts; in the body it holds back
 * only what follows it. So the loading text (styled inline) shows with the HTML, while the app
 * still starts only once the sheet has loaded: scripts wait for every style sheet before them.
 * Lighthouse (mobile, simulated) put the first contentful paint at 2.1 s before, 1.2 s after.
 */
export function stylesheetInBody(): Plugin {
  return {
    name: 'portal-stylesheet-in-body',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has linked the style sheet.
      order: 'post',
      handler(html) {
        const links = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        if (links.length === 0) return html;
        const root = /<div id="root">[\s\S]*?<\/div>\n?/.exec(html);
        if (!root) throw new Error('index.html: no <div id="root">…</div>');
        let result = html;
        for (const link of links) result = result.replace(link, '');
        const at = result.indexOf(root[0]) + root[0].length;
        const sheets = links.map((link) => `    ${link.trim()}\n`).join('');
        return `${result.slice(0, at)}${sheets}${result.slice(at)}`;
      },
    },
  };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { earlyRequestsScript, inlineEarlyRequests } from './inline-early-requests';

const scriptFile = path.resolve(import.meta.dirname, '..', 'lib', 'early-requests.inline.js');

function transform(html: string): string {
  const hook = inlineEarlyRequests(scriptFile).transformIndexHtml as {
    order: string;
    handler: (html: string) => string;
  };
  expect(hook.order).toBe('post');
  return hook.handler(html);
}

describe('inlineEarlyRequests', () => {
  it("puts the minified script into the head after the app's own scripts, before its style sheet", () => {
    const html = [
      '<html><head><title>x</title>',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-dom-a.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-a.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n');
    const result = transform(html);
    const script = earlyRequestsScript(readFileSync(scriptFile, 'utf8'));
    const inlined = `<script>${script}</script>`;
    expect(result).toContain(inlined);
    // An inline script after a style sheet would wait for the sheet to load.
    expect(result.indexOf(inlined)).toBeGreaterThan(result.indexOf('react-dom-a.js'));
    expect(result.indexOf(inlined)).toBeLessThan(result.indexOf('index-a.css'));
    // Without a style sheet: last in the head.
    const plain = transform('<html><head><title>x</title></head><body></body></html>');
    expect(plain.indexOf(inlined)).toBeLessThan(plain.indexOf('</head>'));
    expect(plain.indexOf(inlined)).toBeGreaterThan(plain.indexOf('</title>'));
    // Minified: a fraction of the commented source, and nothing that would end the element.
    expect(script.length).toBeLessThan(1_200);
    expect(script).not.toMatch(/<\/script|<!--|\n/i);
  });

  it('refuses a script that cannot be inlined, and a page without head', () => {
    // The minifier writes "</script" as "<\/script" itself; "<!--" it leaves.
    expect(earlyRequestsScript('console.log("</script>");')).not.toMatch(/<\/script/i);
    expect(() => earlyRequestsScript('console.log("<!--");')).toThrow(/not inlinable/);
    expect(() => earlyRequestsScript('const a = ;')).toThrow(/early-requests/);
    expect(() => transform('<html><body></body></html>')).toThrow(/no <\/head>/);
  });
});

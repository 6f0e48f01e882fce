import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineFavicon, svgDataUrl } from './inline-favicon';

const webRoot = path.resolve(import.meta.dirname, '..', '..');

function transform(plugin: ReturnType<typeof inlineFavicon>, html: string): string {
  const hook = plugin.transformIndexHtml as (html: string) => string;
  return hook(html);
}

describe('svgDataUrl', () => {
  it('decodes back to the same picture', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg">\n  <rect fill="#1c5d99" width="50%"/>\n</svg>\n';
    const url = svgDataUrl(svg);
    expect(url).not.toMatch(/["#\n]/);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(
      "<svg xmlns='http://www.w3.org/2000/svg'><rect fill='#1c5d99' width='50%'/></svg>",
    );
  });
});

describe('inlineFavicon', () => {
  it("puts the app's public/favicon.svg into index.html's icon link", () => {
    const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    const result = transform(inlineFavicon(path.join(webRoot, 'public')), html);
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(result)?.[1];
    expect(href).toBe(
      svgDataUrl(readFileSync(path.join(webRoot, 'public', 'favicon.svg'), 'utf8')),
    );
    expect(result).not.toContain('/favicon.svg');
  });

  it('fails the build when index.html no longer links the icon', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'favicon-'));
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    expect(() => transform(inlineFavicon(dir), '<head></head>')).toThrow(/favicon/);
  });
});

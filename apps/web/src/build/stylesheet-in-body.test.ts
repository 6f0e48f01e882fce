import { describe, expect, it } from 'vitest';
import { stylesheetInBody } from './stylesheet-in-body';

function transform(html: string): string {
  const hook = stylesheetInBody().transformIndexHtml as {
    order: string;
    handler: (html: string) => string;
  };
  expect(hook.order).toBe('post');
  return hook.handler(html);
}

describe('stylesheetInBody', () => {
  it('moves the style sheet from the head to right after the loading text', () => {
    const html = [
      '<html><head>',
      '    <script type="module" crossorigin src="/assets/index-a.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/react-dom-a.js">',
      '    <link rel="stylesheet" crossorigin href="/assets/index-a.css">',
      '  </head>',
      '  <body style="margin: 0">',
      '    <div id="root"><p role="status">Wird geladen …</p></div>',
      '    <noscript>JavaScript</noscript>',
      '  </body></html>',
    ].join('\n');
    const result = transform(html);
    const head = result.slice(0, result.indexOf('</head>'));
    expect(head).not.toContain('stylesheet');
    expect(head).toContain('modulepreload');
    const sheet = result.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-a.css">');
    expect(sheet).toBeGreaterThan(result.indexOf('Wird geladen …</p></div>'));
    expect(sheet).toBeLessThan(result.indexOf('<noscript>'));
    expect(result.match(/stylesheet/g)).toHaveLength(1);
  });

  it('leaves a page without style sheet alone and refuses one without #root', () => {
    const plain = '<html><head></head><body><div id="root"></div></body></html>';
    expect(transform(plain)).toBe(plain);
    expect(() =>
      transform('<html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>'),
    ).toThrow(/no <div id="root">/);
  });
});

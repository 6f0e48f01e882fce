import { describe, expect, it } from 'vitest';
import faq from '../content/faq.md';
import { compileMarkdownPage, isSafeHref } from './markdown-html';

describe('compileMarkdownPage', () => {
  it('takes the first # heading as the title and compiles the rest', () => {
    const page = compileMarkdownPage('# Impressum\n\n## Kontakt\n\n- eins\n- zwei\n\n> Hinweis');
    expect(page.title).toBe('Impressum');
    expect(page.html).toContain('<h2>Kontakt</h2>');
    expect(page.html).toContain('<li>eins</li>');
    expect(page.html).toContain('<blockquote>');
    expect(page.html).not.toContain('<h1>');
  });

  it('takes the [link] definition as the action link (https only), not shown in the text', () => {
    const page = compileMarkdownPage(
      '# Angebot\n\nText\n\n[link]: https://bank.example/konto "Konto eröffnen"\n',
    );
    expect(page.link).toEqual({ href: 'https://bank.example/konto', label: 'Konto eröffnen' });
    expect(page.html).not.toContain('bank.example');
    expect(compileMarkdownPage('[link]: https://x.example/a\n').link).toEqual({
      href: 'https://x.example/a',
      label: null,
    });
    expect(compileMarkdownPage('[link]: javascript:alert(1) "x"\n').link).toBeNull();
    expect(compileMarkdownPage('[link]: http://x.example "x"\n').link).toBeNull();
    expect(compileMarkdownPage('Nur Text').link).toBeNull();
  });

  it('shows raw HTML literally and reduces images to their alt text', () => {
    const { html } = compileMarkdownPage(
      'Text <img src=x onerror=alert(1)> und ![Bild](https://example.com/x.png)\n\n<script>alert(1)</script>',
    );
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('Bild');
  });

  it('drops unsafe links to their text and opens external ones without opener', () => {
    const { html } = compileMarkdownPage(
      '[klick](javascript:alert(1)) [Seite](https://example.com) [FAQ](/faq) [Mail](mailto:a@example.com)',
    );
    expect(html).not.toContain('javascript:');
    expect(html).toContain('klick');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">Seite</a>',
    );
    expect(html).toContain('<a href="/faq">FAQ</a>');
    expect(html).toContain('<a href="mailto:a@example.com">Mail</a>');
  });

  it.each([
    ['https://example.com', true],
    ['/faq', true],
    ['#anker', true],
    ['tel:+49301234', true],
    ['JaVaScRiPt:alert(1)', false],
    ['data:text/html,x', false],
    ['//evil.example', false],
  ])('%s safe: %s', (href, expected) => {
    expect(isSafeHref(href)).toBe(expected);
  });

  it('is applied to the content files at build time (import of a .md file)', () => {
    expect(faq.title).toBe('FAQ');
    expect(faq.html).toContain('<h2>Anmeldung und Konto</h2>');
  });
});

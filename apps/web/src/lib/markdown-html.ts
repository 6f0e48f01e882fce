import { Marked, type Tokens } from 'marked';

/**
 * Compiles the operator's markdown for the static pages to HTML, at build time (the Vite plugin
 * `staticPagesMarkdown` in vite.config.ts; also used by the unit tests). Safe by construction:
 * raw HTML in the source is escaped (shown literally), images are reduced to their alt text, and
 * links keep only http(s), mailto, tel and same-site targets — everything else becomes text.
 */
export interface CompiledPage {
  /** The text of the first `# ` heading (the page title), null without one. */
  title: string | null;
  /** The rest of the page as HTML. */
  html: string;
  /**
   * The page's action link, from a link definition `[link]: https://… "Label"` (not shown in
   * the text; offer pages render it as a button). Null without one or when it is not https.
   */
  link: { href: string; label: string | null } | null;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** Whether a link target is allowed; anything else (javascript:, data:, //host) is dropped. */
export function isSafeHref(href: string): boolean {
  if (/^(https?:|mailto:|tel:)/i.test(href)) return true;
  return (href.startsWith('/') && !href.startsWith('//')) || href.startsWith('#');
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
    link({ href, tokens }: Tokens.Link) {
      const label = this.parser.parseInline(tokens);
      if (!isSafeHref(href)) return label;
      const external = /^https?:/i.test(href) ? ' target="_blank" rel="noopener noreferrer"' : '';
      return `<a href="${escapeHtml(href)}"${external}>${label}</a>`;
    },
  },
});

export function compileMarkdownPage(source: string): CompiledPage {
  const tokens = marked.lexer(source.replace(/\r\n?/g, '\n'));
  const index = tokens.findIndex((token) => token.type === 'heading' && token.depth === 1);
  let title: string | null = null;
  if (index >= 0) {
    title = (tokens[index] as Tokens.Heading).text.trim();
    tokens.splice(index, 1);
  }
  const definition = tokens.links.link;
  const link =
    definition && /^https:\/\//i.test(definition.href)
      ? { href: definition.href, label: definition.title || null }
      : null;
  return { title, html: marked.parser(tokens), link };
}

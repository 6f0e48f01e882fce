// biome-ignore-all lint/suspicious/noArrayIndexKey: rendered once from static content, never reordered
import { Fragment, type ReactNode } from 'react';

/**
 * A tiny, safe markdown subset for the static pages: headings (#–####), paragraphs, unordered
 * (`-`, `*`) and ordered (`1.`) lists, links `[text](url)`, bold `**text**`, and a blockquote
 * line `> text`. There is no HTML passthrough: everything is rendered as React text, so markup
 * in the source shows up literally. Links allow only http(s), mailto, tel and same-site paths.
 */
export type MarkdownBlock =
  | { type: 'heading'; level: 1 | 2 | 3 | 4; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'quote'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] };

const HEADING = /^(#{1,4})\s+(.*)$/;
const UNORDERED = /^\s*[-*]\s+(.*)$/;
const ORDERED = /^\s*\d+[.)]\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ type: 'list', ...list });
    paragraph = [];
    list = null;
  };

  for (const rawLine of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trimEnd();
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({
        type: 'heading',
        level: heading[1]!.length as 1 | 2 | 3 | 4,
        text: heading[2]!.trim(),
      });
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote) {
      flush();
      blocks.push({ type: 'quote', text: quote[1]!.trim() });
      continue;
    }
    const unordered = UNORDERED.exec(line);
    const ordered = unordered ? null : ORDERED.exec(line);
    const item = unordered ?? ordered;
    if (item) {
      const isOrdered = ordered !== null;
      if (paragraph.length > 0 || (list && list.ordered !== isOrdered)) flush();
      list ??= { ordered: isOrdered, items: [] };
      list.items.push(item[1]!.trim());
      continue;
    }
    if (list && /^\s+\S/.test(rawLine)) {
      // Continuation of the previous list item.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** Whether a link target is allowed; anything else (javascript:, data:, //host) is dropped. */
export function isSafeHref(href: string): boolean {
  if (/^(https?:|mailto:|tel:)/i.test(href)) return true;
  return (href.startsWith('/') && !href.startsWith('//')) || href.startsWith('#');
}

export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'bold'; children: InlineNode[] }
  | { type: 'link'; href: string; children: InlineNode[] };

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(text: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push({ type: 'text', text: text.slice(last, index) });
    if (match[1] !== undefined) {
      nodes.push({ type: 'bold', children: parseInline(match[1]) });
    } else {
      const label = match[2]!;
      const href = match[3]!;
      nodes.push(
        isSafeHref(href)
          ? { type: 'link', href, children: parseInline(label) }
          : { type: 'text', text: label },
      );
    }
    last = index + match[0].length;
  }
  if (last < text.length) nodes.push({ type: 'text', text: text.slice(last) });
  return nodes;
}

export interface MarkdownProps {
  source: string;
  /** Renders a same-site link (e.g. with the router's Link); a plain anchor otherwise. */
  renderInternalLink?: (href: string, children: ReactNode, key: number) => ReactNode;
}

function renderInline(
  nodes: InlineNode[],
  renderInternalLink: MarkdownProps['renderInternalLink'],
): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'bold':
        return <strong key={index}>{renderInline(node.children, renderInternalLink)}</strong>;
      case 'link': {
        const children = renderInline(node.children, renderInternalLink);
        if (node.href.startsWith('/') && renderInternalLink) {
          return renderInternalLink(node.href, children, index);
        }
        const isExternal = /^https?:/i.test(node.href);
        return (
          <a
            key={index}
            href={node.href}
            {...(isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {children}
          </a>
        );
      }
      default:
        return null;
    }
  });
}

export function Markdown({ source, renderInternalLink }: MarkdownProps) {
  return (
    <>
      {parseMarkdown(source).map((block, index) => {
        const inline = (text: string) => renderInline(parseInline(text), renderInternalLink);
        switch (block.type) {
          case 'heading': {
            const Heading = `h${block.level}` as const;
            return <Heading key={index}>{inline(block.text)}</Heading>;
          }
          case 'paragraph':
            return <p key={index}>{inline(block.text)}</p>;
          case 'quote':
            return <blockquote key={index}>{inline(block.text)}</blockquote>;
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={index}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inline(item)}</li>
                ))}
              </List>
            );
          }
          default:
            return null;
        }
      })}
    </>
  );
}

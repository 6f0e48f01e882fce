import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Typography.css';
import { Anchor, Typography } from '@mantine/core';
import { Link } from 'react-router';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { Markdown } from '../../lib/markdown';

/** The first `# ` heading is the page title; the rest is the body. */
export function splitTitle(markdown: string): { title: string | null; body: string } {
  const match = /^[ \t]*#[ \t]+(.+)$/m.exec(markdown);
  if (!match) return { title: null, body: markdown };
  return {
    title: match[1]!.trim(),
    body: markdown.slice(0, match.index) + markdown.slice(match.index + match[0].length),
  };
}

export interface StaticPageProps {
  /** Markdown from `src/content/*.md`. */
  markdown: string;
  /** Used when the markdown has no `# ` heading. */
  fallbackTitle: string;
  breadcrumbs: Breadcrumb[];
}

/** Impressum, Datenschutz, …: the operator's markdown, rendered safely. */
export function StaticPage({ markdown, fallbackTitle, breadcrumbs }: StaticPageProps) {
  const { title, body } = splitTitle(markdown);
  return (
    <article>
      <PageHeader title={title ?? fallbackTitle} breadcrumbs={breadcrumbs} />
      <Typography maw={820}>
        <Markdown
          source={body}
          renderInternalLink={(href, children, key) => (
            <Anchor key={key} component={Link} to={href} inherit>
              {children}
            </Anchor>
          )}
        />
      </Typography>
    </article>
  );
}

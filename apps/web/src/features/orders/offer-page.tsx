import './styles';
import { Anchor, Button, Typography, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { Markdown } from '../../lib/markdown';
import { orders as t } from '../../messages/de';

/**
 * Splits operator content: the first `# ` heading is the title; a line `[link]: https://…
 * "Text"` (a Markdown link definition) names the outgoing link and its label.
 */
export function parseOffer(markdown: string): {
  title: string | null;
  body: string;
  link: { href: string; label: string } | null;
} {
  let body = markdown;
  let title: string | null = null;
  const heading = /^[ \t]*#[ \t]+(.+)$/m.exec(body);
  if (heading) {
    title = heading[1]?.trim() ?? null;
    body = body.slice(0, heading.index) + body.slice(heading.index + heading[0].length);
  }
  let link: { href: string; label: string } | null = null;
  const definition = /^\[link\]:[ \t]*(https:\/\/\S+)(?:[ \t]+"([^"]*)")?[ \t]*$/m.exec(body);
  if (definition?.[1]) {
    link = { href: definition[1], label: definition[2] || t.offer.linkFallback };
    body = body.slice(0, definition.index) + body.slice(definition.index + definition[0].length);
  }
  return { title, body: body.trim(), link };
}

export interface OfferPageProps {
  markdown: string;
  fallbackTitle: string;
  breadcrumbs: Breadcrumb[];
}

/** Banking, eGeKo SMO, eGeKo HOZ, Connect: operator content (Markdown) and an outgoing link. */
export function OfferPage({ markdown, fallbackTitle, breadcrumbs }: OfferPageProps) {
  const { title, body, link } = parseOffer(markdown);
  return (
    <article>
      <PageHeader
        title={title ?? fallbackTitle}
        breadcrumbs={breadcrumbs}
        actions={
          link && (
            <Button component="a" href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <VisuallyHidden> {t.offer.external}</VisuallyHidden>
            </Button>
          )
        }
      />
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

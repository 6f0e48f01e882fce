import '@mantine/core/styles/Typography.css';
import { Typography } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import type { CompiledPage } from '../../lib/markdown-html';

export interface StaticPageProps {
  /** A page of `src/content/*.md`, compiled at build time (safe HTML, see markdown-html.ts). */
  page: CompiledPage;
  /** Used when the markdown has no `# ` heading. */
  fallbackTitle: string;
  breadcrumbs: Breadcrumb[];
  /** Shown beside the title (e.g. an offer page's outgoing link). */
  actions?: ReactNode;
}

/** Impressum, Datenschutz, …: the operator's markdown, compiled and sanitised at build time. */
export function StaticPage({ page, fallbackTitle, breadcrumbs, actions }: StaticPageProps) {
  const navigate = useNavigate();
  const body = useRef<HTMLDivElement>(null);
  // Same-site links stay in the app (client-side navigation), like the router's Link.
  useEffect(() => {
    const element = body.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      const href = (event.target as Element).closest('a')?.getAttribute('href');
      if (!href?.startsWith('/') || href.startsWith('//')) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      event.preventDefault();
      void navigate(href);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [navigate]);
  return (
    <article>
      <PageHeader title={page.title ?? fallbackTitle} breadcrumbs={breadcrumbs} actions={actions} />
      {/* A long German word (Verbraucherstreitbeilegung) breaks rather than widen a phone's page. */}
      <Typography maw={820} style={{ overflowWrap: 'break-word' }}>
        <div
          ref={body}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: built from the repository's markdown at build time; raw HTML escaped, links whitelisted (markdown-html.ts)
          dangerouslySetInnerHTML={{ __html: page.html }}
        />
      </Typography>
    </article>
  );
}

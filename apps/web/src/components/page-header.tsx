import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Anchor, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shell } from '../messages/de/shell';

export interface Breadcrumb {
  label: string;
  url: string;
}

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  /** From the root (Dashboard) to the current page; the last entry is the current page. */
  breadcrumbs?: Breadcrumb[];
  /** Buttons at the right of the heading. */
  actions?: ReactNode;
}

/** Breadcrumbs and the page heading. */
export function PageHeader({ title, breadcrumbs = [], actions }: PageHeaderProps) {
  return (
    <header style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
      {breadcrumbs.length > 0 && (
        <nav
          aria-label={shell.common.breadcrumbs}
          style={{ marginBottom: 'var(--mantine-spacing-xs)' }}
        >
          <Breadcrumbs separator="›" separatorMargin={6} fz="sm">
            {breadcrumbs.map((crumb, index) =>
              index === breadcrumbs.length - 1 ? (
                <Text key={crumb.url} component="span" fz="sm" c="dimmed" aria-current="page">
                  {crumb.label}
                </Text>
              ) : (
                <Anchor key={crumb.url} component={Link} to={crumb.url} fz="sm">
                  {crumb.label}
                </Anchor>
              ),
            )}
          </Breadcrumbs>
        </nav>
      )}
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        {/* A long German word ('Mein Finanzierungswunsch') wraps instead of widening the page
            at 320 px (400 % zoom): hyphenated where the browser can, else broken. */}
        <Title
          order={1}
          fz={{ base: 'h2', sm: 'h1' }}
          style={{ overflowWrap: 'anywhere', hyphens: 'auto', minWidth: 0 }}
        >
          {title}
        </Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </header>
  );
}

import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Text.css';
import { Group, Pagination, Text } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { listPages } from '../messages/de/list-pages';

const CONTROL_LABELS = {
  first: listPages.first,
  previous: listPages.previous,
  next: listPages.next,
  last: listPages.last,
} as const;

/** Which part of `items` page `page` (from 1, kept within the pages there are) shows. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  // A removal can empty the last page: the one before is shown.
  const current = Math.min(Math.max(1, page), pages);
  const first = (current - 1) * pageSize;
  return { pages, current, first, shown: items.slice(first, first + pageSize) };
}

export interface ListPagesProps {
  /** The navigation's name, e.g. 'Seiten der Benutzerliste'. */
  label: string;
  /** What the page shows, e.g. 'Benutzer 1–50 von 400' (read out when it changes). */
  summary: string;
  pages: number;
  current: number;
  onChange(page: number): void;
  testId?: string;
}

/**
 * Under a long list: what the page shows and the pages (numbers, first/previous/next/last),
 * named in German for screen readers, the current one marked `aria-current`. Nothing for a
 * single page. The summary is a polite live region, so a page change is heard; the focus stays
 * in the pages (on the number shown when the control used turns disabled).
 */
export function ListPages({ label, summary, pages, current, onChange, testId }: ListPagesProps) {
  const navRef = useRef<HTMLElement>(null);
  const wasUsed = useRef(false);
  // Erste/Letzte/Vorherige/Nächste Seite is disabled on the page it leads to, and the browser
  // would drop its focus to the page's start: the focus goes to the page number shown instead,
  // before that happens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page shown changed.
  useLayoutEffect(() => {
    if (!wasUsed.current) return;
    wasUsed.current = false;
    const nav = navRef.current;
    const active = document.activeElement;
    if (!nav || !(active instanceof HTMLElement) || !nav.contains(active)) return;
    if (active.matches(':disabled')) {
      nav.querySelector<HTMLElement>('[aria-current="page"]')?.focus({ preventScroll: true });
    }
  }, [current]);
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" aria-live="polite" data-testid={testId}>
        {summary}
      </Text>
      <nav aria-label={label} ref={navRef}>
        <Pagination
          total={pages}
          value={current}
          onChange={(page) => {
            wasUsed.current = true;
            onChange(page);
          }}
          withEdges
          size="sm"
          getItemProps={(item) => ({ 'aria-label': listPages.page(item) })}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      </nav>
    </Group>
  );
}

import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Text.css';
import { Table, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { shell } from '../messages/de/shell';
import classes from './scroll-table.module.css';

export interface ScrollTableProps {
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The region's name for screen readers (the table's caption or the page's subject). */
  label: string;
  /**
   * In a region narrower than 36em (a phone) each row is a card of its cells, one below the
   * other, each with its column's name (the cells' `data-label`), instead of a table that
   * scrolls sideways: for tables whose last columns hold what a person acts on.
   */
  stacked?: boolean;
  children: ReactNode;
}

/**
 * A table wider than the screen (a phone) scrolls sideways in its own region, with the
 * browser's own scrollbar, and never widens the page. While it does, the region takes the
 * keyboard focus (arrow keys scroll it, WCAG 2.1.1) and is a named group (no landmark: a
 * section around it may carry the same name); when everything fits it is no
 * extra Tab stop. Positioned, so that visually hidden text in its cells stays inside. While
 * it scrolls, shadows at its edges show that there is more, and a line under it says so (on a
 * phone the browser's scrollbar is hidden until touched, and a cut column looked like the end).
 */
export function ScrollTable({ minWidth, label, stacked = false, children }: ScrollTableProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The table inside too: it may widen (longer content) while the region keeps its size.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <Table.ScrollContainer
        ref={ref}
        minWidth={minWidth}
        type="native"
        className={classes.root}
        data-scrolls={scrolls || undefined}
        data-stacked={stacked || undefined}
        {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-label': label } : {})}
      >
        {children}
      </Table.ScrollContainer>
      {scrolls && (
        <Text size="xs" c="dimmed" mt={4} aria-hidden="true" data-testid="table-scroll-hint">
          {shell.common.tableScrolls}
        </Text>
      )}
    </>
  );
}

import { Table } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ScrollTable } from './scroll-table';

/** jsdom lays nothing out: the container's widths and the observer are set by hand. */
let notify: () => void = () => {};
function layout(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        notify = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const table = (
  <ScrollTable minWidth={640} label="Rechnungen, neueste zuerst">
    <Table>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>Rechnung November</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  </ScrollTable>
);

describe('ScrollTable', () => {
  it('scrolls in a named, focusable group when the table is wider than the screen', () => {
    layout(640, 343);
    renderWithProviders(table, { route: '/' });
    const group = screen.getByRole('group', { name: 'Rechnungen, neueste zuerst' });
    expect(group).toHaveAttribute('tabindex', '0');
    expect(group).toContainElement(screen.getByRole('table'));
  });

  it('is no Tab stop while everything fits, and becomes one when the screen narrows', () => {
    layout(900, 900);
    renderWithProviders(table, { route: '/' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('table').closest('[tabindex]')).toBeNull();
    layout(640, 343);
    act(() => notify());
    expect(screen.getByRole('group', { name: 'Rechnungen, neueste zuerst' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });
});

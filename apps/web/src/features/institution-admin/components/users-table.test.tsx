import type { InstitutionMember } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TestProviders } from '../../../test/render';
import { USERS_PAGE_SIZE, UsersTable } from './users-table';

const people = (count: number): InstitutionMember[] =>
  Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return {
      id: `00000000-0000-4000-8000-000000000${n}`,
      email: `nutzer.${n}@klinik.example`,
      firstName: 'Nutzer',
      lastName: n,
      fullName: `Nutzer ${n}`,
      title: null,
      formOfAddress: null,
      hasAccountActivated: true,
      dateTimeCreated: '2025-01-01T08:00:00.000Z',
      role: 'INSTITUTION_MEMBER',
    };
  });

function renderTable(users: InstitutionMember[]) {
  const props = {
    currentUserId: users[0]!.id,
    now: Date.parse('2026-01-01T08:00:00.000Z'),
    busyUserIds: new Set<string>(),
    onRoleChange: vi.fn(),
    onDelete: vi.fn(),
    onResend: vi.fn(),
  };
  const view = renderWithProviders(<UsersTable users={users} {...props} />);
  return {
    ...view,
    rerenderWith: (next: InstitutionMember[]) =>
      view.rerender(
        <TestProviders>
          <UsersTable users={next} {...props} />
        </TestProviders>,
      ),
  };
}

const bodyRows = () => within(screen.getByTestId('institution-users')).getAllByRole('row').slice(1);

// An institution of 400 users had drawn 400 rows with a role list each: 10 s until the page
// answered in Chromium.
describe('UsersTable with hundreds of users', () => {
  it('shows 50 at a time, says which, and pages by number, by arrows and to the last page', async () => {
    const user = userEvent.setup();
    renderTable(people(400));
    expect(USERS_PAGE_SIZE).toBe(50);
    expect(bodyRows()).toHaveLength(50);
    expect(bodyRows()[0]).toHaveTextContent('Nutzer 001');
    expect(screen.getByTestId('users-page-summary')).toHaveTextContent('Benutzer 1–50 von 400');

    const pages = screen.getByRole('navigation', { name: 'Seiten der Benutzerliste' });
    expect(within(pages).getByRole('button', { name: 'Seite 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(pages).getByRole('button', { name: 'Seite 2' }));
    expect(bodyRows()[0]).toHaveTextContent('Nutzer 051');
    expect(screen.getByTestId('users-page-summary')).toHaveTextContent('Benutzer 51–100 von 400');

    await user.click(within(pages).getByRole('button', { name: 'Letzte Seite' }));
    expect(bodyRows()).toHaveLength(50);
    expect(bodyRows()[49]).toHaveTextContent('Nutzer 400');
    expect(within(pages).getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
    // The used control is disabled now: the focus is on the page shown, not dropped.
    expect(within(pages).getByRole('button', { name: 'Seite 8' })).toHaveFocus();

    // By keyboard: Tab to "Vorherige Seite" and Enter.
    within(pages).getByRole('button', { name: 'Vorherige Seite' }).focus();
    await user.keyboard('{Enter}');
    expect(bodyRows()[0]).toHaveTextContent('Nutzer 301');
  }, 30_000);

  it('shows the page before when a removal empties the last one, and no pages for 50 or fewer', async () => {
    const user = userEvent.setup();
    const view = renderTable(people(51));
    await user.click(screen.getByRole('button', { name: 'Seite 2' }));
    expect(bodyRows()).toHaveLength(1);
    view.rerenderWith(people(50));
    expect(bodyRows()).toHaveLength(50);
    expect(screen.queryByRole('navigation', { name: 'Seiten der Benutzerliste' })).toBeNull();
    expect(screen.queryByTestId('users-page-summary')).toBeNull();
  }, 30_000);
});

import type { InstitutionMember } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, TestProviders } from '../../../test/render';
import { USERS_PAGE_SIZE, USERS_SEARCH_FROM, UsersTable } from './users-table';

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
  // Two tests, not one: each draw of 50 rows takes seconds in jsdom, and the five draws of one
  // test (first page, page 2, the last page, the page before) went past the 30 s limit in a run
  // beside another busy process on two cores.
  it('shows 50 at a time, says which, and pages by number', async () => {
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
  }, 30_000);

  it('pages to the last page and by arrows, also from the keyboard', async () => {
    const user = userEvent.setup();
    renderTable(people(400));
    const pages = screen.getByRole('navigation', { name: 'Seiten der Benutzerliste' });
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

describe('UsersTable: the search of a long list', () => {
  it('is offered from 11 users on, not for a small practice', () => {
    renderTable(people(USERS_SEARCH_FROM - 1));
    expect(screen.queryByLabelText('Benutzer durchsuchen')).toBeNull();
  });

  it('finds users by name, e-mail, role or state, from the first page, and says when none match', async () => {
    const users = people(120).map((person, index) =>
      index === 77
        ? {
            ...person,
            firstName: 'Jürgen',
            lastName: 'Özdemir',
            email: 'j.oezdemir@klinik.example',
            role: 'INSTITUTION_ADMIN' as const,
          }
        : index === 5
          ? { ...person, hasAccountActivated: false }
          : person,
    );
    const user = userEvent.setup();
    renderTable(users);
    await user.click(screen.getByRole('button', { name: 'Seite 3' }));
    const search = screen.getByLabelText('Benutzer durchsuchen');
    // Typed at once (a keystroke each would draw the 50 rows again each time in jsdom).
    fireEvent.change(search, { target: { value: 'JÜRGEN öz' } });
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Jürgen Özdemir');
    expect(screen.getByTestId('users-search-summary')).toHaveTextContent(
      '1 von 120 Benutzern gefunden',
    );
    fireEvent.change(search, { target: { value: 'administrator' } });
    expect(bodyRows()).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'eingeladen' } });
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Nutzer 006');
    fireEvent.change(search, { target: { value: 'oezdemir@' } });
    expect(bodyRows()).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'niemand' } });
    expect(screen.queryByTestId('institution-users')).toBeNull();
    expect(screen.getByText('Keine Benutzer zu „niemand“ gefunden.')).toBeVisible();
    fireEvent.change(search, { target: { value: '' } });
    expect(bodyRows()).toHaveLength(USERS_PAGE_SIZE);
    expect(screen.getByTestId('users-page-summary')).toHaveTextContent('Benutzer 1–50 von 120');
  }, 30_000);
});

describe('UsersTable: the invitation state', () => {
  // 2026-11-26 10:00 in Berlin.
  const now = Date.parse('2026-11-26T09:00:00.000Z');
  const invited = (validUntil: string | undefined): InstitutionMember => ({
    ...people(1)[0]!,
    id: '00000000-0000-4000-8000-000000000999',
    email: 'lena.neumann@klinik.example',
    firstName: 'Lena',
    lastName: 'Neumann',
    fullName: 'Lena Neumann',
    hasAccountActivated: false,
    dateTimeCreated: '2026-11-18T09:00:00.000Z',
    ...(validUntil ? { invitationValidUntil: validUntil } : {}),
  });
  const renderOne = (user: InstitutionMember) =>
    renderWithProviders(
      <UsersTable
        users={[people(1)[0]!, user]}
        currentUserId={people(1)[0]!.id}
        now={now}
        busyUserIds={new Set()}
        onRoleChange={vi.fn()}
        onDelete={vi.fn()}
        onResend={vi.fn()}
      />,
    );
  const row = () => screen.getByTestId('user-row-lena.neumann@klinik.example');

  it("says that an expired invitation expired (and when), beside the spec's count, and makes the resend the next step", () => {
    renderOne(invited('2026-11-25T09:00:00.000Z'));
    const lena = within(row());
    expect(lena.getByText('Einladung abgelaufen')).toBeVisible();
    // The spec's text stays: counted from the account's creation.
    expect(lena.getByText('Eingeladen vor 8 Tagen')).toBeVisible();
    expect(lena.getByText('Link abgelaufen am 25.11.2026 10:00')).toBeVisible();
    const resend = lena.getByRole('button', { name: 'Einladung erneut senden an Lena Neumann' });
    expect(resend).toHaveAttribute('data-variant', 'filled');
  });

  it('names until when a link that still works is valid, without the expired badge', () => {
    renderOne(invited('2026-12-02T09:00:00.000Z'));
    const lena = within(row());
    expect(lena.queryByText('Einladung abgelaufen')).toBeNull();
    expect(lena.getByText('Eingeladen vor 8 Tagen')).toBeVisible();
    expect(lena.getByText('Link gültig bis 02.12.2026 10:00')).toBeVisible();
    expect(
      lena.getByRole('button', { name: 'Einladung erneut senden an Lena Neumann' }),
    ).toHaveAttribute('data-variant', 'outline');
  });

  it("without a link in the answer (older server, external provider) keeps the spec's text alone", () => {
    renderOne(invited(undefined));
    const lena = within(row());
    expect(lena.getByText('Eingeladen vor 8 Tagen')).toBeVisible();
    expect(lena.queryByText('Einladung abgelaufen')).toBeNull();
    expect(lena.queryByText(/Link /)).toBeNull();
  });

  it('a long list finds the expired invitations by searching for "abgelaufen"', () => {
    const others = people(USERS_SEARCH_FROM);
    renderWithProviders(
      <UsersTable
        users={[
          ...others,
          invited('2026-11-25T09:00:00.000Z'),
          {
            ...invited('2026-12-02T09:00:00.000Z'),
            id: '00000000-0000-4000-8000-000000000998',
            email: 'noch.gueltig@klinik.example',
            lastName: 'Gültig',
          },
        ]}
        currentUserId={others[0]!.id}
        now={now}
        busyUserIds={new Set()}
        onRoleChange={vi.fn()}
        onDelete={vi.fn()}
        onResend={vi.fn()}
      />,
    );
    fireEvent.change(screen.getByLabelText('Benutzer durchsuchen'), {
      target: { value: 'abgelaufen' },
    });
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('Lena Neumann');
  });
});

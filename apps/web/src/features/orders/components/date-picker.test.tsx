import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { germanToday } from '../../../lib/german-today';
import { renderWithProviders } from '../../../test/render';
import { PortalDatePicker } from './date-picker';

describe('PortalDatePicker', () => {
  const yearOptions = (label: string) =>
    within(screen.getByRole('combobox', { name: `Jahr (${label})` }))
      .getAllByRole('option')
      .map((o) => Number(o.textContent));

  it('offers 10 years either side of the current one', () => {
    renderWithProviders(<PortalDatePicker label="Angelegt ab" value={null} onChange={() => {}} />);
    const year = new Date().getFullYear();
    const options = yearOptions('Angelegt ab');
    expect(options).toHaveLength(21);
    expect(options[0]).toBe(year - 10);
    expect(options.at(-1)).toBe(year + 10);
  });

  it('with a maximum of today (Angelegt ab on Aufträge) ends at this year', () => {
    renderWithProviders(
      <PortalDatePicker
        label="Angelegt ab"
        value={null}
        onChange={() => {}}
        maxDate={germanToday()}
      />,
    );
    const year = new Date().getFullYear();
    const options = yearOptions('Angelegt ab');
    expect(options[0]).toBe(year - 10);
    expect(options.at(-1)).toBe(year);
  });

  it('with a minimum starts at it, up to 500 years back', () => {
    renderWithProviders(
      <PortalDatePicker
        label="Geburtsdatum"
        value={null}
        onChange={() => {}}
        minDate={'1000-01-01'}
      />,
    );
    const year = new Date().getFullYear();
    const options = yearOptions('Geburtsdatum');
    expect(options[0]).toBe(year - 500);
    expect(options.at(-1)).toBe(year + 10);
  });

  it('shows an error when the maximum is earlier than the minimum', () => {
    renderWithProviders(
      <PortalDatePicker
        label="Termin"
        value={null}
        onChange={() => {}}
        minDate={'2026-06-01'}
        maxDate={'2026-05-01'}
      />,
    );
    expect(
      screen.getByText('Das späteste Datum liegt vor dem frühesten Datum.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Jahr (Termin)' })).toBeDisabled();
  });

  it.each([
    ['February 2021 (4 rows of its own)', '2021-02-10', '1. Februar 2021', '14. März 2021'],
    ['October 2026 (5 rows of its own)', '2026-10-15', '28. September 2026', '8. November 2026'],
  ])('always shows 6 weeks of 7 days from Monday: %s', async (_case, value, first, last) => {
    renderWithProviders(<PortalDatePicker label="Angelegt ab" value={value} onChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Angelegt ab' }));
    const month = await screen.findByRole('table');
    const weeks = within(month).getAllByRole('row').slice(1);
    expect(weeks).toHaveLength(6);
    for (const week of weeks) expect(within(week).getAllByRole('cell')).toHaveLength(7);
    const days = within(month).getAllByRole('button');
    expect(days).toHaveLength(42);
    expect(days[0]).toHaveAttribute('aria-label', first);
    expect(days[41]).toHaveAttribute('aria-label', last);
  });
});

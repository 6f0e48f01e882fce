import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PortalDatePicker } from './date-picker';

describe('PortalDatePicker', () => {
  it('offers 10 years around the current one', () => {
    renderWithProviders(<PortalDatePicker label="Angelegt ab" value={null} onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Jahr (Angelegt ab)' });
    const year = new Date().getFullYear();
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toHaveLength(10);
    expect(options[0]).toBe(String(year - 5));
  });

  it('offers 500 years when limited', () => {
    renderWithProviders(
      <PortalDatePicker
        label="Geburtsdatum"
        value={null}
        onChange={() => {}}
        minDate={new Date(1900, 0, 1)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Jahr (Geburtsdatum)' });
    expect(within(select).getAllByRole('option')).toHaveLength(500);
  });

  it('shows an error when the maximum is earlier than the minimum', () => {
    renderWithProviders(
      <PortalDatePicker
        label="Termin"
        value={null}
        onChange={() => {}}
        minDate={new Date(2026, 5, 1)}
        maxDate={new Date(2026, 4, 1)}
      />,
    );
    expect(
      screen.getByText('Das späteste Datum liegt vor dem frühesten Datum.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Jahr (Termin)' })).toBeDisabled();
  });
});

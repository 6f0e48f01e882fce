import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PasswordForm } from './password-form';

function renderForm() {
  const confirm = vi.fn(async () => 'confirmation');
  const save = vi.fn(async () => true);
  renderWithProviders(
    <PasswordForm isDisabled={false} userInputs={['max']} confirm={confirm} save={save} />,
    { route: '/account' },
  );
  return { confirm, save };
}

describe('PasswordForm', () => {
  it('links rules and strength to "Neues Passwort" and labels every show/hide button in German', async () => {
    renderForm();
    expect(screen.getAllByRole('button', { name: 'Passwort anzeigen' })).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'Altes-Passwort-1');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));

    const field = await screen.findByLabelText('Neues Passwort');
    expect(field).toHaveAccessibleDescription(/^Mindestens 10 Zeichen/);
    await userEvent.type(field, 'Wolkenkratzer-Zitrone-42');
    expect(await screen.findByText(/^Passwortstärke: /)).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(
      /^Mindestens 10 Zeichen und schwer zu erraten: .*Passwortstärke: (Stark|Sehr stark)$/,
    );

    const toggles = screen.getAllByRole('button', { name: 'Passwort anzeigen' });
    expect(toggles).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Toggle password visibility/ })).toBeNull();
    expect(toggles[0]).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggles[0]!);
    expect(field).toHaveAttribute('type', 'text');
    expect(toggles[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the rules linked next to an error message', async () => {
    const { save } = renderForm();
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'Altes-Passwort-1');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    const field = await screen.findByLabelText('Neues Passwort');
    await userEvent.type(field, 'kurz');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(field).toHaveAccessibleDescription(
      /^Das Passwort muss mindestens 10 Zeichen lang sein\. Mindestens 10 Zeichen/,
    );
    expect(save).not.toHaveBeenCalled();
  });

  it('moves the focus with the steps: Weiter into the new password, Abbrechen back', async () => {
    renderForm();
    const current = screen.getByLabelText('Aktuelles Passwort');
    await userEvent.type(current, 'Altes-Passwort-1{Enter}');
    expect(await screen.findByLabelText('Neues Passwort')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.getByLabelText('Aktuelles Passwort')).toHaveFocus();
  });

  it('takes no focus when it first appears', () => {
    renderForm();
    expect(document.body).toHaveFocus();
  });

  it('leaves the focus alone after a successful change (not back into the emptied form)', async () => {
    const { save } = renderForm();
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'Altes-Passwort-1{Enter}');
    const field = await screen.findByLabelText('Neues Passwort');
    await userEvent.type(field, 'Wolkenkratzer-Zitrone-42');
    await userEvent.type(
      screen.getByLabelText('Neues Passwort wiederholen'),
      'Wolkenkratzer-Zitrone-42',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const current = await screen.findByLabelText('Aktuelles Passwort');
    expect(current).toHaveValue('');
    expect(current).not.toHaveFocus();
  });
});

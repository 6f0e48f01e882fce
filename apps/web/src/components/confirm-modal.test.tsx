import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ConfirmModal, type ConfirmModalProps } from './confirm-modal';

const renderModal = (props: Partial<ConfirmModalProps> = {}) => {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <ConfirmModal
      opened
      headline="Benutzer löschen"
      confirmLabel="Löschen"
      cancelLabel="Abbrechen"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    >
      Wirklich?
    </ConfirmModal>,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Benutzer löschen' }) };
};

describe('ConfirmModal', () => {
  it('asks, and calls the action or Abbrechen (Escape too)', async () => {
    const { onConfirm, onCancel, dialog } = renderModal();
    expect(dialog).toHaveTextContent('Wirklich?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('while the action runs: Abbrechen is disabled, no close button, Escape does nothing', async () => {
    const { onCancel, dialog } = renderModal({ pending: true });
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Schließen' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('opens with the focus on the button asked for', async () => {
    const { dialog } = renderModal({ focus: 'cancel' });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus(),
    );
  });
});

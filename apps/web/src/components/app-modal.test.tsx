import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { AppModal } from './app-modal';
import { ModalNoticeContext } from './modal-notice';

function Harness({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Öffnen</Button>
      <AppModal
        opened={opened}
        onClose={() => setOpened(false)}
        headline="Kachel löschen"
        footer={
          <>
            <Button variant="default" onClick={() => setOpened(false)}>
              Abbrechen
            </Button>
            <Button onClick={onConfirm}>Löschen</Button>
          </>
        }
      >
        <p>Wollen Sie die Kachel wirklich löschen?</p>
      </AppModal>
    </>
  );
}

describe('AppModal', () => {
  it('shows headline, body and footer in a dialog named by the headline', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    const dialog = screen.getByRole('dialog', { name: 'Kachel löschen' });
    expect(dialog).toHaveTextContent('Wollen Sie die Kachel wirklich löschen?');
    // Its head is no second banner landmark beside the page's top bar (axe best practice).
    expect(within(dialog).queryByRole('banner')).toBeNull();
    const footer = within(dialog).getByTestId('app-modal-footer');
    expect(within(footer).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    await user.click(within(footer).getByRole('button', { name: 'Löschen' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape and with the close button labelled Schließen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the focus inside while open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('cannot be dismissed while not dismissable', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <AppModal opened onClose={vi.fn()} headline="Speichern" isDismissable={false}>
        Bitte warten
      </AppModal>,
    );
    expect(screen.queryByRole('button', { name: 'Schließen' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Speichern' })).toBeInTheDocument();
  });
});

describe('AppModal with a notice of the shell', () => {
  it('shows the notice (an ended session with its button) inside the open dialog, where it can be reached', async () => {
    const signIn = vi.fn();
    renderWithProviders(
      <ModalNoticeContext.Provider
        value={
          <div role="alert">
            Sie sind nicht mehr angemeldet
            <Button onClick={signIn}>Erneut anmelden</Button>
          </div>
        }
      >
        <Harness />
      </ModalNoticeContext.Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kachel löschen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erneut anmelden' }));
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByText('Wollen Sie die Kachel wirklich löschen?')).toBeVisible();
  });
});

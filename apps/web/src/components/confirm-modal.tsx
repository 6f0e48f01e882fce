import '@mantine/core/styles/Button.css';
import { Button, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from './app-modal';

export interface ConfirmModalProps {
  opened: boolean;
  /** The dialog's title; also its accessible name. */
  headline: ReactNode;
  /** What is asked. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  /** Abbrechen, Escape, the close button or a click beside the dialog. */
  onCancel(): void;
  /** The confirmed action runs: the confirm button spins and nothing closes the dialog. */
  pending?: boolean;
  /** The confirm button's colour (red for removals); the theme's primary colour otherwise. */
  confirmColor?: MantineColor;
  /** The button focused when the dialog opens (Cancel before a removal); else Mantine's first. */
  focus?: 'confirm' | 'cancel';
  /** Above any other open dialog (see AppModal). */
  isOnTop?: boolean;
}

/**
 * "Are you sure?" before an action that cannot be taken back: a question, Abbrechen and the
 * action's own button, in the generic dialog (AppModal).
 */
export function ConfirmModal({
  opened,
  headline,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  pending = false,
  confirmColor,
  focus,
  isOnTop,
}: ConfirmModalProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onCancel}
      headline={headline}
      size="md"
      isDismissable={!pending}
      isOnTop={isOnTop}
      footer={
        <>
          <Button
            variant="default"
            onClick={onCancel}
            disabled={pending}
            data-autofocus={focus === 'cancel' || undefined}
          >
            {cancelLabel}
          </Button>
          <Button
            color={confirmColor}
            onClick={onConfirm}
            loading={pending}
            data-autofocus={focus === 'confirm' || undefined}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </AppModal>
  );
}

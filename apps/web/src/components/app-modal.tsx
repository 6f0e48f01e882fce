import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Paper.css';
import { Group, Modal, type ModalProps } from '@mantine/core';
import { type ReactNode, useContext, useEffect, useRef } from 'react';
import { shell } from '../messages/de/shell';
import classes from './app-modal.module.css';
import { watchFocusAfterRemoval } from './focus-fallback';
import { ModalNoticeContext } from './modal-notice';

export interface AppModalProps {
  opened: boolean;
  onClose(): void;
  /** The dialog's title; also its accessible name. */
  headline: ReactNode;
  /** The body. */
  children: ReactNode;
  /** Buttons, right-aligned below the body (e.g. Abbrechen, Speichern). */
  footer?: ReactNode;
  size?: ModalProps['size'];
  /** False while a submission runs, so the dialog cannot be dismissed half-way. */
  isDismissable?: boolean;
  /**
   * Above every other dialog: a question that may come up while another dialog is open (the
   * leave question on the browser's Back with the invitation open).
   */
  isOnTop?: boolean;
}

/** Mantine's modal layer is 200; a dialog asked over another one sits just above it. */
const ON_TOP_Z_INDEX = 210;

/**
 * The generic dialog with headline, body and footer. Focus stays inside while open, Escape and
 * the close button close it (unless `isDismissable` is false), focus returns to the opener;
 * when the opener is gone (a deleted row's button), to what held it (focus-fallback.ts).
 */
export function AppModal({
  opened,
  onClose,
  headline,
  children,
  footer,
  size = 'lg',
  isDismissable = true,
  isOnTop = false,
}: AppModalProps) {
  // The opener, read while rendering the opening (before the dialog takes the focus).
  const notice = useContext(ModalNoticeContext);
  const opener = useRef<Element | null>(null);
  if (opened && opener.current === null) opener.current = document.activeElement;
  useEffect(() => {
    if (opened) return;
    // Watched past this dialog's own end: it may close with the row that held it.
    if (opener.current) watchFocusAfterRemoval(opener.current);
    opener.current = null;
  }, [opened]);
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      centered
      radius="md"
      trapFocus
      returnFocus
      closeOnEscape={isDismissable}
      closeOnClickOutside={isDismissable}
      zIndex={isOnTop ? ON_TOP_Z_INDEX : undefined}
    >
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content className={classes.content}>
        {/* A div, not Mantine's <header>: in a dialog that counts as a second banner landmark. */}
        <Modal.Header component="div">
          <Modal.Title style={{ fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' }}>
            {headline}
          </Modal.Title>
          {isDismissable && <Modal.CloseButton aria-label={shell.common.close} />}
        </Modal.Header>
        <Modal.Body>
          {notice && <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>{notice}</div>}
          {children}
          {footer && (
            <Group
              justify="flex-end"
              gap="sm"
              mt="xl"
              data-testid="app-modal-footer"
              data-dialog-actions
            >
              {footer}
            </Group>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

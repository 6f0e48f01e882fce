import { app } from '../messages/de/app';
import { ConfirmModal } from './confirm-modal';

export interface UnsavedChangesDialogProps {
  opened: boolean;
  /** What would be lost; the general text by default. */
  body?: string;
  onStay(): void;
  onLeave(): void;
}

/**
 * Asks before typed input that is not saved yet is left: by navigating away (a page's
 * {@link LeaveGuard}) or by switching the institution (the shell, which loads it on first need).
 * Bleiben keeps the input, Verlassen drops it.
 */
export default function UnsavedChangesDialog({
  opened,
  body = app.unsavedChanges.body,
  onStay,
  onLeave,
}: UnsavedChangesDialogProps) {
  return (
    <ConfirmModal
      opened={opened}
      headline={app.unsavedChanges.title}
      cancelLabel={app.unsavedChanges.stay}
      confirmLabel={app.unsavedChanges.leave}
      confirmColor="red.8"
      focus="cancel"
      // Asked on navigation, also while another dialog (an invitation) is open.
      isOnTop
      onCancel={onStay}
      onConfirm={onLeave}
    >
      {body}
    </ConfirmModal>
  );
}

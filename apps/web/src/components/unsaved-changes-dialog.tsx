import { tileEditor } from '../messages/de/tile-editor';
import { ConfirmModal } from './confirm-modal';

export interface UnsavedChangesDialogProps {
  opened: boolean;
  onStay(): void;
  onLeave(): void;
}

/**
 * Asks before unsaved changes (the tile editor's) are left: by navigating away (the editor's
 * leave guard) or by switching the institution (the shell, which loads it on first need).
 * Bleiben keeps the changes, Verlassen drops them.
 */
export default function UnsavedChangesDialog({
  opened,
  onStay,
  onLeave,
}: UnsavedChangesDialogProps) {
  return (
    <ConfirmModal
      opened={opened}
      headline={tileEditor.leave.title}
      cancelLabel={tileEditor.leave.stay}
      confirmLabel={tileEditor.leave.leave}
      confirmColor="red.8"
      onCancel={onStay}
      onConfirm={onLeave}
    >
      {tileEditor.leave.body}
    </ConfirmModal>
  );
}

import '@mantine/core/styles/Button.css';
import { Button } from '@mantine/core';
import { AppModal } from '../components/app-modal';
import { tileEditor } from '../messages/de/tile-editor';

export interface UnsavedChangesDialogProps {
  opened: boolean;
  onStay(): void;
  onLeave(): void;
}

/**
 * Asks before the institution is switched away from unsaved changes (the tile editor's): the
 * same question, texts and buttons as the editor's own leave guard. Loaded on first need, so
 * the modal stays out of the first load.
 */
export default function UnsavedChangesDialog({
  opened,
  onStay,
  onLeave,
}: UnsavedChangesDialogProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onStay}
      headline={tileEditor.leave.title}
      size="md"
      footer={
        <>
          <Button variant="default" onClick={onStay}>
            {tileEditor.leave.stay}
          </Button>
          <Button color="red.8" onClick={onLeave}>
            {tileEditor.leave.leave}
          </Button>
        </>
      }
    >
      {tileEditor.leave.body}
    </AppModal>
  );
}

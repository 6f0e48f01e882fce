import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import { Badge, Button, CloseButton, Group, Text } from '@mantine/core';
import { tileEditor } from '../../../messages/de/tile-editor';
import type { PendingOperation } from '../model/pending-operations';
import type { EditorTile } from '../model/types';
import { useFocusAfterRowRemoval } from './use-focus-after-row-removal';

/** One colour per operation, in this list and in the editor's list of tiles. */
export const OPERATION_COLOURS = { add: 'teal.9', update: 'blue.8', delete: 'red.8' } as const;

export interface PendingListProps {
  operations: PendingOperation<EditorTile>[];
  isSaving: boolean;
  onDiscardOne(index: number): void;
  onDiscardLast(): void;
  onDiscardAll(): void;
  onSave(): void;
}

/** The pending operations (Erstellt / Bearbeitet / Gelöscht) with discard and save. */
export function PendingList({
  operations,
  isSaving,
  onDiscardOne,
  onDiscardLast,
  onDiscardAll,
  onSave,
}: PendingListProps) {
  // A discarded operation: the focus goes to the discard button now in its row.
  const {
    listRef,
    headingRef,
    removedAt: setFocusRow,
  } = useFocusAfterRowRemoval('data-discard-one');
  return (
    <section aria-labelledby="pending-title" data-testid="pending-operations">
      <h2
        ref={headingRef}
        id="pending-title"
        style={{ fontSize: 'var(--mantine-font-size-lg)', margin: '0 0 8px' }}
      >
        {tileEditor.pending.title}
      </h2>
      {operations.length === 0 ? (
        <Text c="dimmed" size="sm">
          {tileEditor.pending.none}
        </Text>
      ) : (
        <ul ref={listRef} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {operations.map((op, index) => {
            const label = tileEditor.operations[op.type];
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: operations are positional (discard by index)
                key={index}
                style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}
                data-testid="pending-operation"
              >
                <Badge
                  color={OPERATION_COLOURS[op.type]}
                  variant="filled"
                  style={{ flexShrink: 0 }}
                >
                  {label}
                </Badge>
                <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {op.tile.name}
                </Text>
                <CloseButton
                  aria-label={tileEditor.pending.discardOne(label, op.tile.name)}
                  onClick={() => {
                    onDiscardOne(index);
                    setFocusRow(index);
                  }}
                  disabled={isSaving}
                  data-discard-one
                />
              </li>
            );
          })}
        </ul>
      )}
      <Group gap="xs" mt="sm">
        <Button onClick={onSave} loading={isSaving} disabled={operations.length === 0}>
          {tileEditor.pending.save}
        </Button>
        <Button
          variant="default"
          onClick={onDiscardLast}
          disabled={operations.length === 0 || isSaving}
        >
          {tileEditor.pending.discardLast}
        </Button>
        <Button
          variant="default"
          onClick={onDiscardAll}
          disabled={operations.length === 0 || isSaving}
        >
          {tileEditor.pending.discardAll}
        </Button>
      </Group>
    </section>
  );
}

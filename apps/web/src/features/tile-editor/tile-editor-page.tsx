import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Text.css';
import { ActionIcon, Badge, Button, Grid, Group, Paper, Select, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppModal } from '../../components/app-modal';
import { ConfirmModal } from '../../components/confirm-modal';
import { LeaveGuard } from '../../components/leave-guard';
import { type Breadcrumb, PageHeader } from '../../components/page-header';
import { app } from '../../messages/de/app';
import { tileEditor } from '../../messages/de/tile-editor';
import {
  editorTilesQueryKey,
  useBusinessCaseTypes,
  useEditorTiles,
  useTileGroups,
} from './api/editor-queries';
import { saveOperations } from './api/save-tiles';
import { OPERATION_COLOURS, PendingList } from './components/pending-list';
import { emptyFields, type TileFields, TileForm } from './components/tile-form';
import { useFocusAfterRowRemoval } from './components/use-focus-after-row-removal';
import {
  type DraftTile,
  draftKey,
  emptyEditorState,
  hasUnsavedChanges,
  isNewTile,
  nextFakeId,
  type TileEditorState,
  tileEditorReducer,
  visibleTiles,
} from './model/pending-operations';
import { type EditorTile, inDashboardOrder } from './model/types';

/** A tile as the preview shows it: a stable id (the fakeId for new ones) and its icon URL. */
export type PreviewTile = Omit<EditorTile, 'id' | 'version'> & { id: string; version?: number };

export interface TileEditorPageProps {
  institutionId: string;
  breadcrumbs?: Breadcrumb[];
  /** The dashboard as a customer of the chosen business case type will see it (app/ composes). */
  renderPreview(tiles: PreviewTile[]): ReactNode;
  /**
   * Told whether there are pending operations, whenever that changes (and false on unmount),
   * e.g. for app/ to ask before the institution changes.
   */
  onUnsavedChangesChange?: (hasUnsavedChanges: boolean) => void;
}

type Editing = { mode: 'new' } | { mode: 'edit'; tile: DraftTile<EditorTile> } | null;

const reducer = tileEditorReducer<EditorTile>;

/** Query parameter of the chosen business case type (as the API names it). */
export const TYPE_PARAM = 'businessCaseTypeId';

/** Kacheleditor: edit the tile definitions of one business case type in a batch. */
export function TileEditorPage({
  institutionId,
  breadcrumbs,
  renderPreview,
  onUnsavedChangesChange,
}: TileEditorPageProps) {
  const queryClient = useQueryClient();
  const types = useBusinessCaseTypes(institutionId);
  const groups = useTileGroups(institutionId);
  // The chosen type lives in the address (replaced, not pushed: Back still leaves the page), so
  // that a reload, a bookmark or a link to a colleague opens the same type's tiles; it had to
  // be chosen again after every reload. An id that is not one of this institution's types is
  // no choice.
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedType = searchParams.get(TYPE_PARAM);
  const typeId = types.data?.some((type) => type.id === requestedType) ? requestedType : null;
  const setTypeId = (value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set(TYPE_PARAM, value);
        return next;
      },
      { replace: true },
    );
  const tiles = useEditorTiles(institutionId, typeId);
  const [state, dispatch] = useReducer(
    reducer,
    emptyEditorState<EditorTile>() as TileEditorState<EditorTile>,
  );
  const [editing, setEditing] = useState<Editing>(null);
  // A tile deleted with its Löschen button: the focus goes to the Löschen button now in its row.
  const {
    listRef,
    headingRef: tilesHeadingRef,
    removedAt: setFocusRow,
  } = useFocusAfterRowRemoval('data-remove-tile');
  const [isSaving, setSaving] = useState(false);
  const typeName = types.data?.find((type) => type.id === typeId)?.name ?? '';

  // Loading tiles clears the pending operations.
  useEffect(() => {
    if (tiles.data) dispatch({ type: 'loaded', tiles: tiles.data });
  }, [tiles.data]);

  const shown = useMemo(() => visibleTiles(state), [state]);
  const listed = useMemo(() => inDashboardOrder(shown), [shown]);
  /** Stored tiles with a pending change: marked 'Bearbeitet' in the list, as new ones 'Erstellt'. */
  const edited = useMemo(
    () =>
      new Set(state.operations.flatMap((op) => (op.type === 'update' ? [draftKey(op.tile)] : []))),
    [state.operations],
  );
  const iconUrls = useMemo(() => {
    const urls = new Map<string, string>();
    for (const op of state.operations) {
      if (op.type !== 'delete' && op.iconFile)
        urls.set(draftKey(op.tile), URL.createObjectURL(op.iconFile));
    }
    return urls;
  }, [state.operations]);
  useEffect(
    () => () => {
      for (const url of iconUrls.values()) URL.revokeObjectURL(url);
    },
    [iconUrls],
  );
  const previewTiles = useMemo<PreviewTile[]>(
    () =>
      shown.map((tile) => ({
        ...(tile as EditorTile),
        businessCaseType: typeName,
        id: draftKey(tile),
        icon: iconUrls.get(draftKey(tile)) ?? tile.icon,
      })),
    [shown, iconUrls, typeName],
  );

  const isDirty = hasUnsavedChanges(state);
  // The latest callback, so that a new function from the parent does not count as a change.
  const onUnsavedRef = useRef(onUnsavedChangesChange);
  useEffect(() => {
    onUnsavedRef.current = onUnsavedChangesChange;
  });
  useEffect(() => {
    onUnsavedRef.current?.(isDirty);
  }, [isDirty]);
  useEffect(() => () => onUnsavedRef.current?.(false), []);

  const apply = (fields: TileFields, iconFile: File | null) => {
    if (editing?.mode === 'new') {
      dispatch({
        type: 'add',
        tile: {
          ...fields,
          businessCaseType: typeName,
          businessCaseTypeId: typeId ?? '',
          institutionId,
          notificationCount: null,
          fakeId: nextFakeId(),
        },
        iconFile,
      });
    } else if (editing?.mode === 'edit') {
      dispatch({
        type: 'update',
        tile: { ...editing.tile, ...fields } as DraftTile<EditorTile>,
        ...(iconFile ? { iconFile } : {}),
      });
    }
    setEditing(null);
  };

  const save = async () => {
    setSaving(true);
    try {
      // Lazy like everywhere: the notifications container mounts with the first toast.
      const [outcome, { notifyError, notifySuccess }] = await Promise.all([
        saveOperations(institutionId, state.operations),
        import('../../components/notifications'),
      ]);
      dispatch({ type: 'saved', results: outcome.results });
      for (const message of outcome.errors) notifyError(message, { persistent: true });
      if (outcome.errors.length === 0) notifySuccess(tileEditor.saved);
      // Nothing left pending: the type's tiles are loaded again, so that what colleagues saved
      // meanwhile shows up (decision 013) and the cached list is no longer the one from before
      // the save (the next visit showed the old tiles first). Failed changes stay: no load then.
      // The controls stay disabled until the list is there (a change made meanwhile would be
      // cleared by it).
      const settled = outcome.results.every((result) => result.outcome !== 'failed');
      await Promise.all([
        settled && typeId
          ? queryClient.invalidateQueries({
              queryKey: editorTilesQueryKey(institutionId, typeId),
              exact: true,
            })
          : undefined,
        // Dashboards (any institution) show the new definitions on their next look.
        queryClient.invalidateQueries({ queryKey: ['tiles'] }),
      ]);
    } finally {
      setSaving(false);
    }
  };

  // Another type with unsaved changes: asked first in the app's own dialog (the browser's
  // confirm spoke of leaving the page, in the browser's look).
  const [askedType, setAskedType] = useState<string | null>(null);
  const switchType = (value: string) => {
    // The pending changes belong to the old type: discarded with its tiles at once, not only
    // when the new type's tiles arrive (they would stay listed and savable until then).
    dispatch({ type: 'loaded', tiles: [] });
    setTypeId(value);
  };
  const changeType = (value: string | null) => {
    if (!value || value === typeId) return;
    if (isDirty) setAskedType(value);
    else switchType(value);
  };

  return (
    <>
      <LeaveGuard isDirty={isDirty} body={tileEditor.leaveBody} />
      <ConfirmModal
        opened={askedType !== null}
        headline={app.unsavedChanges.title}
        cancelLabel={tileEditor.switchType.stay}
        confirmLabel={tileEditor.switchType.confirm}
        confirmColor="red.8"
        focus="cancel"
        onCancel={() => setAskedType(null)}
        onConfirm={() => {
          if (askedType) switchType(askedType);
          setAskedType(null);
        }}
      >
        {tileEditor.switchType.body}
      </ConfirmModal>
      <PageHeader title={tileEditor.title} breadcrumbs={breadcrumbs} />
      <Select
        label={tileEditor.businessCaseType}
        placeholder={tileEditor.businessCaseTypePlaceholder}
        data={(types.data ?? []).map((type) => ({ value: type.id, label: type.label }))}
        value={typeId}
        onChange={changeType}
        allowDeselect={false}
        // While saving, the tiles stay as sent: the results are matched to these operations.
        disabled={isSaving}
        maw={420}
        mb="lg"
        data-testid="business-case-type"
      />
      {!typeId ? (
        <Text c="dimmed">{tileEditor.chooseType}</Text>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Paper withBorder p="md" radius="md" mb="lg">
              <Group justify="space-between" mb="sm">
                <h2
                  ref={tilesHeadingRef}
                  style={{ fontSize: 'var(--mantine-font-size-lg)', margin: 0 }}
                >
                  {tileEditor.tiles}
                </h2>
                <Button
                  leftSection={<IconPlus size={16} aria-hidden="true" />}
                  onClick={() => setEditing({ mode: 'new' })}
                  disabled={isSaving}
                >
                  {tileEditor.newTile}
                </Button>
              </Group>
              {tiles.isPending ? (
                <Text c="dimmed">{tileEditor.loading}</Text>
              ) : shown.length === 0 ? (
                <Text c="dimmed">{tileEditor.noTiles}</Text>
              ) : (
                <ul
                  ref={listRef}
                  style={{ listStyle: 'none', margin: 0, padding: 0 }}
                  data-testid="editor-tiles"
                >
                  {listed.map((tile, index) => (
                    <li
                      key={draftKey(tile)}
                      style={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 8,
                        padding: '6px 0',
                        borderBottom: '1px solid var(--mantine-color-gray-2)',
                      }}
                    >
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {tile.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {tileEditor.tileTypes[tile.tileType]} ·{' '}
                          {tileEditor.priorities[tile.priority]}
                          {tile.tileGroup ? ` · ${tile.tileGroup.name}` : ''}
                        </Text>
                      </div>
                      {isNewTile(tile) ? (
                        <Badge color={OPERATION_COLOURS.add} variant="filled">
                          {tileEditor.operations.add}
                        </Badge>
                      ) : (
                        edited.has(draftKey(tile)) && (
                          <Badge color={OPERATION_COLOURS.update} variant="filled">
                            {tileEditor.operations.update}
                          </Badge>
                        )
                      )}
                      <ActionIcon
                        variant="subtle"
                        aria-label={tileEditor.edit(tile.name)}
                        onClick={() => setEditing({ mode: 'edit', tile })}
                        disabled={isSaving}
                      >
                        <IconPencil size={18} aria-hidden="true" />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={tileEditor.remove(tile.name)}
                        onClick={() => {
                          dispatch({ type: 'delete', tile });
                          setFocusRow(index);
                        }}
                        data-remove-tile
                        disabled={isSaving}
                      >
                        <IconTrash size={18} aria-hidden="true" />
                      </ActionIcon>
                    </li>
                  ))}
                </ul>
              )}
            </Paper>
            <Paper withBorder p="md" radius="md">
              <PendingList
                operations={state.operations}
                isSaving={isSaving}
                onDiscardOne={(index) => dispatch({ type: 'discardOne', index })}
                onDiscardLast={() => dispatch({ type: 'discardLast' })}
                onDiscardAll={() => dispatch({ type: 'discardAll' })}
                onSave={() => void save()}
              />
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <section aria-labelledby="preview-title" data-testid="tile-preview">
              <h2
                id="preview-title"
                style={{ fontSize: 'var(--mantine-font-size-lg)', margin: '0 0 4px' }}
              >
                {tileEditor.preview.title}
              </h2>
              <Text size="sm" c="dimmed" mb="md">
                {tileEditor.preview.description}
              </Text>
              {renderPreview(previewTiles)}
            </section>
          </Grid.Col>
        </Grid>
      )}
      <AppModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        headline={editing?.mode === 'edit' ? tileEditor.form.titleEdit : tileEditor.form.titleNew}
      >
        {editing && (
          <TileForm
            initial={
              editing.mode === 'edit'
                ? {
                    ...(editing.tile as TileFields),
                    // An icon chosen but not saved yet (a new tile's) shows as the tile's icon:
                    // opened again, the form showed none, as if the icon had been lost.
                    icon: iconUrls.get(draftKey(editing.tile)) ?? editing.tile.icon,
                  }
                : emptyFields()
            }
            groups={groups.data ?? []}
            isNew={editing.mode === 'new'}
            onSubmit={apply}
            onCancel={() => setEditing(null)}
          />
        )}
      </AppModal>
    </>
  );
}

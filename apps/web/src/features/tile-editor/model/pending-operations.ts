/**
 * Pending tile operations of the tile editor (spec section 4, Tile editing), as one pure reducer.
 *
 * - Updating a pending add merges into it; updating an existing tile merges into its pending
 *   operation or adds an update.
 * - Deleting a pending add removes it; deleting an existing tile adds a delete replacing earlier
 *   operations of that tile.
 * - After save: successful adds are appended, updates replace tiles by id, deletes remove tiles;
 *   conflicting ones are replaced by the server's version and their operations cleared; a tile
 *   the server no longer has (deleted by someone else) leaves the list with its operation.
 * - Loading tiles clears the pending operations.
 */

/** What the editor needs of a stored tile. */
export interface EditableTile {
  id: string;
  version: number;
  name: string;
}

/** A tile not yet saved: no id and version, a temporary `fakeId` instead. */
export type NewTile<T extends EditableTile> = Omit<T, 'id' | 'version'> & { fakeId: string };

/** A tile in the editor: stored (`id`) or new (`fakeId`). */
export type DraftTile<T extends EditableTile> = T | NewTile<T>;

/** Extra fields carried with an operation (e.g. a newly chosen icon file). */
export interface OperationExtras {
  iconFile?: File | Blob | null;
}

export type PendingOperation<T extends EditableTile> =
  | ({ type: 'add'; tile: NewTile<T> } & OperationExtras)
  | ({ type: 'update'; tile: T } & OperationExtras)
  | { type: 'delete'; tile: T };

export interface TileEditorState<T extends EditableTile> {
  /** The tiles as the server has them (for the chosen business case type). */
  tiles: T[];
  operations: PendingOperation<T>[];
}

export type SaveResult<T extends EditableTile> =
  | { operation: PendingOperation<T>; outcome: 'saved'; tile?: T }
  | { operation: PendingOperation<T>; outcome: 'deleted' }
  | { operation: PendingOperation<T>; outcome: 'conflict'; tile: T }
  /** The tile no longer exists on the server (deleted meanwhile by someone else). */
  | { operation: PendingOperation<T>; outcome: 'gone' }
  | { operation: PendingOperation<T>; outcome: 'failed'; message?: string };

export type TileEditorAction<T extends EditableTile> =
  | { type: 'loaded'; tiles: T[] }
  | { type: 'add'; tile: NewTile<T>; iconFile?: File | Blob | null }
  | { type: 'update'; tile: DraftTile<T>; iconFile?: File | Blob | null }
  | { type: 'delete'; tile: DraftTile<T> }
  | { type: 'discardAll' }
  | { type: 'discardLast' }
  | { type: 'discardOne'; index: number }
  | { type: 'saved'; results: SaveResult<T>[] };

export const isNewTile = <T extends EditableTile>(tile: DraftTile<T>): tile is NewTile<T> =>
  'fakeId' in tile && typeof (tile as NewTile<T>).fakeId === 'string';

/** The key a tile is known by in the editor: its id, or its fakeId while new. */
export const draftKey = <T extends EditableTile>(tile: DraftTile<T>): string =>
  isNewTile(tile) ? `new:${tile.fakeId}` : tile.id;

export const emptyEditorState = <T extends EditableTile>(): TileEditorState<T> => ({
  tiles: [],
  operations: [],
});

const iconPart = (iconFile: File | Blob | null | undefined, previous?: OperationExtras) =>
  iconFile !== undefined
    ? { iconFile }
    : previous?.iconFile !== undefined
      ? { iconFile: previous.iconFile }
      : {};

function update<T extends EditableTile>(
  state: TileEditorState<T>,
  tile: DraftTile<T>,
  iconFile: File | Blob | null | undefined,
): TileEditorState<T> {
  if (isNewTile(tile)) {
    const index = state.operations.findIndex(
      (op) => op.type === 'add' && op.tile.fakeId === tile.fakeId,
    );
    if (index === -1) return state;
    const operations = [...state.operations];
    const op = operations[index] as Extract<PendingOperation<T>, { type: 'add' }>;
    operations[index] = { type: 'add', tile: { ...op.tile, ...tile }, ...iconPart(iconFile, op) };
    return { ...state, operations };
  }
  const index = state.operations.findIndex((op) => !isNewTile(op.tile) && op.tile.id === tile.id);
  if (index === -1) {
    return {
      ...state,
      operations: [...state.operations, { type: 'update', tile, ...iconPart(iconFile) }],
    };
  }
  const op = state.operations[index] as PendingOperation<T>;
  if (op.type === 'delete') return state;
  const operations = [...state.operations];
  operations[index] = {
    type: 'update',
    tile: { ...(op.tile as T), ...tile },
    ...iconPart(iconFile, op),
  };
  return { ...state, operations };
}

function remove<T extends EditableTile>(
  state: TileEditorState<T>,
  tile: DraftTile<T>,
): TileEditorState<T> {
  if (isNewTile(tile)) {
    return {
      ...state,
      operations: state.operations.filter(
        (op) => !(op.type === 'add' && op.tile.fakeId === tile.fakeId),
      ),
    };
  }
  const stored = state.tiles.find((candidate) => candidate.id === tile.id) ?? tile;
  return {
    ...state,
    operations: [
      ...state.operations.filter((op) => isNewTile(op.tile) || op.tile.id !== tile.id),
      { type: 'delete', tile: stored },
    ],
  };
}

function applySaved<T extends EditableTile>(
  state: TileEditorState<T>,
  results: SaveResult<T>[],
): TileEditorState<T> {
  let tiles = [...state.tiles];
  const done = new Set<PendingOperation<T>>();
  for (const result of results) {
    const { operation } = result;
    if (result.outcome === 'failed') continue;
    done.add(operation);
    if (result.outcome === 'gone') {
      tiles = tiles.filter((tile) => isNewTile(operation.tile) || tile.id !== operation.tile.id);
      continue;
    }
    if (result.outcome === 'conflict') {
      const index = tiles.findIndex((tile) => tile.id === result.tile.id);
      tiles =
        index === -1
          ? [...tiles, result.tile]
          : tiles.map((tile, i) => (i === index ? result.tile : tile));
      continue;
    }
    if (operation.type === 'add') {
      if (result.outcome === 'saved' && result.tile) tiles = [...tiles, result.tile];
    } else if (operation.type === 'update') {
      const saved = result.outcome === 'saved' && result.tile ? result.tile : operation.tile;
      tiles = tiles.map((tile) => (tile.id === saved.id ? saved : tile));
    } else {
      tiles = tiles.filter((tile) => tile.id !== operation.tile.id);
    }
  }
  const conflictIds = new Set(
    results.flatMap((result) => (result.outcome === 'conflict' ? [result.tile.id] : [])),
  );
  return {
    tiles,
    operations: state.operations.filter(
      (op) => !done.has(op) && (isNewTile(op.tile) || !conflictIds.has(op.tile.id)),
    ),
  };
}

export function tileEditorReducer<T extends EditableTile>(
  state: TileEditorState<T>,
  action: TileEditorAction<T>,
): TileEditorState<T> {
  switch (action.type) {
    case 'loaded':
      return { tiles: action.tiles, operations: [] };
    case 'add':
      return {
        ...state,
        operations: [
          ...state.operations,
          { type: 'add', tile: action.tile, ...iconPart(action.iconFile) },
        ],
      };
    case 'update':
      return update(state, action.tile, action.iconFile);
    case 'delete':
      return remove(state, action.tile);
    case 'discardAll':
      return { ...state, operations: [] };
    case 'discardLast':
      return { ...state, operations: state.operations.slice(0, -1) };
    case 'discardOne':
      return { ...state, operations: state.operations.filter((_, i) => i !== action.index) };
    case 'saved':
      return applySaved(state, action.results);
  }
}

/**
 * What the lists (and the live preview) show: stored tiles without pending deletions, pending
 * updates merged in, pending adds appended.
 */
export function visibleTiles<T extends EditableTile>(state: TileEditorState<T>): DraftTile<T>[] {
  const deleted = new Set<string>();
  const updated = new Map<string, T>();
  const added: NewTile<T>[] = [];
  for (const op of state.operations) {
    if (op.type === 'add') added.push(op.tile);
    else if (op.type === 'delete') deleted.add(op.tile.id);
    else updated.set(op.tile.id, op.tile);
  }
  return [
    ...state.tiles
      .filter((tile) => !deleted.has(tile.id))
      .map((tile) => (updated.has(tile.id) ? { ...tile, ...updated.get(tile.id) } : tile)),
    ...added,
  ];
}

/** The tile as sent to the server: the fakeId never leaves the app. */
export function toRequestTile<T extends EditableTile>(
  tile: DraftTile<T>,
): Omit<T, 'id' | 'version'> | T {
  if (!isNewTile(tile)) return tile;
  const { fakeId: _fakeId, ...rest } = tile;
  return rest as unknown as Omit<T, 'id' | 'version'>;
}

export const hasUnsavedChanges = <T extends EditableTile>(state: TileEditorState<T>) =>
  state.operations.length > 0;

let fakeIds = 0;
/** A temporary id for a new tile (never sent to the server). */
export function nextFakeId(): string {
  fakeIds += 1;
  return `fake-${Date.now().toString(36)}-${fakeIds}`;
}

import { describe, expect, it } from 'vitest';
import {
  hasUnsavedChanges,
  type NewTile,
  type PendingOperation,
  tileEditorReducer as reduce,
  type TileEditorState,
  toRequestTile,
  visibleTiles,
} from './pending-operations';

interface T {
  id: string;
  version: number;
  name: string;
  priority: number;
}
const a: T = { id: 'a', version: 1, name: 'A', priority: 3 };
const b: T = { id: 'b', version: 4, name: 'B', priority: 2 };
const n1: NewTile<T> = { fakeId: 'f1', name: 'Neu', priority: 3 };
const loaded: TileEditorState<T> = { tiles: [a, b], operations: [] };
const withOps = (...operations: PendingOperation<T>[]): TileEditorState<T> => ({
  ...loaded,
  operations,
});

describe('pending operations reducer (spec section 4, Tile editing)', () => {
  it('loaded: stores the tiles and clears pending operations', () => {
    const state = reduce(withOps({ type: 'delete', tile: a }), { type: 'loaded', tiles: [b] });
    expect(state).toEqual({ tiles: [b], operations: [] });
  });

  it('add: appends an add with the fakeId', () => {
    expect(reduce(loaded, { type: 'add', tile: n1 }).operations).toEqual([
      { type: 'add', tile: n1 },
    ]);
  });

  it('update of a pending add merges into the add', () => {
    const state = reduce(withOps({ type: 'add', tile: n1 }), {
      type: 'update',
      tile: { ...n1, name: 'Neu 2' },
    });
    expect(state.operations).toEqual([{ type: 'add', tile: { ...n1, name: 'Neu 2' } }]);
  });

  it('update of an existing tile without a pending operation adds an update', () => {
    const state = reduce(loaded, { type: 'update', tile: { ...a, name: 'A2' } });
    expect(state.operations).toEqual([{ type: 'update', tile: { ...a, name: 'A2' } }]);
  });

  it('update of an existing tile with a pending update merges into it', () => {
    const first = reduce(loaded, { type: 'update', tile: { ...a, name: 'A2' } });
    const second = reduce(first, { type: 'update', tile: { ...a, name: 'A2', priority: 1 } });
    expect(second.operations).toEqual([
      { type: 'update', tile: { ...a, name: 'A2', priority: 1 } },
    ]);
  });

  it('update keeps a new icon chosen earlier unless a new one is given', () => {
    const icon = new Blob(['x']);
    const first = reduce(loaded, { type: 'update', tile: a, iconFile: icon });
    const second = reduce(first, { type: 'update', tile: { ...a, name: 'A3' } });
    expect(second.operations[0]).toMatchObject({ type: 'update', iconFile: icon });
  });

  it('delete of a pending add removes the add', () => {
    const state = reduce(withOps({ type: 'add', tile: n1 }), { type: 'delete', tile: n1 });
    expect(state.operations).toEqual([]);
  });

  it('delete of an existing tile adds a delete replacing earlier operations of that tile', () => {
    const state = reduce(
      withOps(
        { type: 'update', tile: { ...a, name: 'A2' } },
        { type: 'update', tile: { ...b, name: 'B2' } },
      ),
      { type: 'delete', tile: { ...a, name: 'A2' } },
    );
    expect(state.operations).toEqual([
      { type: 'update', tile: { ...b, name: 'B2' } },
      { type: 'delete', tile: a },
    ]);
  });

  it('update of a tile pending deletion changes nothing', () => {
    const state = withOps({ type: 'delete', tile: a });
    expect(reduce(state, { type: 'update', tile: { ...a, name: 'X' } })).toBe(state);
  });

  it('discardAll drops every operation', () => {
    expect(
      reduce(withOps({ type: 'add', tile: n1 }, { type: 'delete', tile: a }), {
        type: 'discardAll',
      }).operations,
    ).toEqual([]);
  });

  it('discardLast drops the last operation', () => {
    expect(
      reduce(withOps({ type: 'add', tile: n1 }, { type: 'delete', tile: a }), {
        type: 'discardLast',
      }).operations,
    ).toEqual([{ type: 'add', tile: n1 }]);
  });

  it('discardOne drops the given operation', () => {
    expect(
      reduce(
        withOps(
          { type: 'add', tile: n1 },
          { type: 'delete', tile: a },
          { type: 'update', tile: b },
        ),
        {
          type: 'discardOne',
          index: 1,
        },
      ).operations,
    ).toEqual([
      { type: 'add', tile: n1 },
      { type: 'update', tile: b },
    ]);
  });

  describe('saved', () => {
    const add = { type: 'add', tile: n1 } as const;
    const upd = { type: 'update', tile: { ...a, name: 'A2' } } as const;
    const del = { type: 'delete', tile: b } as const;

    it('appends successful adds, replaces updates by id, removes deletes, clears them', () => {
      const created: T = { id: 'c', version: 0, name: 'Neu', priority: 3 };
      const saved: T = { ...a, name: 'A2', version: 2 };
      const state = reduce(withOps(add, upd, del), {
        type: 'saved',
        results: [
          { operation: add, outcome: 'saved', tile: created },
          { operation: upd, outcome: 'saved', tile: saved },
          { operation: del, outcome: 'deleted' },
        ],
      });
      expect(state).toEqual({ tiles: [saved, created], operations: [] });
    });

    it('a conflict replaces the tile by the server version and clears that tile’s operations', () => {
      const server: T = { ...a, name: 'Server', version: 7 };
      const state = reduce(withOps(upd, add), {
        type: 'saved',
        results: [
          { operation: upd, outcome: 'conflict', tile: server },
          { operation: add, outcome: 'failed', message: 'kaputt' },
        ],
      });
      expect(state.tiles).toEqual([server, b]);
      expect(state.operations).toEqual([add]);
    });

    it('a conflict on delete brings back the server version', () => {
      const server: T = { ...b, version: 9 };
      const state = reduce(withOps(del), {
        type: 'saved',
        results: [{ operation: del, outcome: 'conflict', tile: server }],
      });
      expect(state).toEqual({ tiles: [a, server], operations: [] });
    });

    it('a tile the server no longer has leaves the list with its operation', () => {
      const state = reduce(withOps(upd, add), {
        type: 'saved',
        results: [
          { operation: upd, outcome: 'gone' },
          { operation: add, outcome: 'failed' },
        ],
      });
      expect(state).toEqual({ tiles: [b], operations: [add] });
    });

    it('failed operations stay pending', () => {
      const state = reduce(withOps(upd), {
        type: 'saved',
        results: [{ operation: upd, outcome: 'failed' }],
      });
      expect(state.operations).toEqual([upd]);
      expect(state.tiles).toEqual([a, b]);
    });
  });
});

describe('visibleTiles: deletions hidden, updates merged, adds appended', () => {
  it.each([
    ['nothing pending', [], ['A', 'B']],
    ['a deletion hides the tile', [{ type: 'delete', tile: a }], ['B']],
    ['an update is merged', [{ type: 'update', tile: { ...a, name: 'A2' } }], ['A2', 'B']],
    ['an add is appended', [{ type: 'add', tile: n1 }], ['A', 'B', 'Neu']],
  ] as [string, PendingOperation<T>[], string[]][])('%s', (_case, operations, names) => {
    expect(visibleTiles({ tiles: [a, b], operations }).map((t) => t.name)).toEqual(names);
  });
});

describe('requests', () => {
  it('the fakeId is never sent', () => {
    expect(toRequestTile(n1)).toEqual({ name: 'Neu', priority: 3 });
    expect('fakeId' in toRequestTile(n1)).toBe(false);
    expect(toRequestTile(a)).toBe(a);
  });

  it('unsaved changes while operations are pending', () => {
    expect(hasUnsavedChanges(loaded)).toBe(false);
    expect(hasUnsavedChanges(withOps({ type: 'delete', tile: a }))).toBe(true);
  });
});

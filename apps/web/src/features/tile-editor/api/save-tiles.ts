import {
  TILE_MULTIPART_ICON_PART,
  TILE_MULTIPART_JSON_PART,
  type TileInput,
} from '@portal/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { tileEditor } from '../../../messages/de/tile-editor';
import { type PendingOperation, type SaveResult, toRequestTile } from '../model/pending-operations';
import type { EditorTile } from '../model/types';

const base = (institutionId: string) =>
  `/institution/${encodeURIComponent(institutionId)}/dashboard-tile`;

/**
 * The JSON part of a tile request (the contract's TileInput): no id, no fakeId, no icon URL.
 * The business case type is the tile's own, never the one the editor shows at sending time.
 */
export function tileJson(
  tile: Omit<EditorTile, 'id' | 'version'> & { version?: number },
): TileInput & { version?: number } {
  return {
    name: tile.name,
    title: tile.title,
    shortDescription: tile.shortDescription,
    description: tile.description,
    target: tile.target,
    isInternal: tile.isInternal,
    tileType: tile.tileType,
    isDyeable: tile.isDyeable,
    priority: tile.priority,
    businessCaseTypeId: tile.businessCaseTypeId,
    queryParams: tile.queryParams,
    onePath: tile.onePath,
    tileGroupId: tile.tileGroup?.id ?? null,
    ...(tile.version === undefined ? {} : { version: tile.version }),
  };
}

function multipart(json: unknown, icon: File | Blob | null | undefined): FormData {
  const form = new FormData();
  form.append(
    TILE_MULTIPART_JSON_PART,
    new Blob([JSON.stringify(json)], { type: 'application/json' }),
    'tile.json',
  );
  if (icon) form.append(TILE_MULTIPART_ICON_PART, icon, icon instanceof File ? icon.name : 'icon');
  return form;
}

/** A 409 body is the server's tile when it has target and isInternal (spec section 8). */
export const isServerTile = (body: unknown): body is EditorTile =>
  typeof body === 'object' &&
  body !== null &&
  'target' in body &&
  'isInternal' in body &&
  typeof (body as EditorTile).id === 'string';

const reasonOf = (error: ApiError) =>
  error.problem?.detail ?? error.problem?.title ?? String(error.body ?? error.message);

export interface SaveOutcome {
  results: SaveResult<EditorTile>[];
  /** German error messages, each to show as a toast that stays until closed. */
  errors: string[];
}

/**
 * Sends the pending operations one by one (POST / PUT multipart, DELETE …/{tileId}/{version})
 * and says what became of each. Each tile keeps the business case type it carries.
 */
export async function saveOperations(
  institutionId: string,
  operations: readonly PendingOperation<EditorTile>[],
  send: typeof apiRequest = apiRequest,
): Promise<SaveOutcome> {
  const results: SaveResult<EditorTile>[] = [];
  const errors: string[] = [];
  for (const operation of operations) {
    const name = operation.tile.name;
    try {
      if (operation.type === 'add') {
        const tile = await send<EditorTile>(base(institutionId), {
          method: 'POST',
          body: multipart(
            tileJson(toRequestTile(operation.tile) as Omit<EditorTile, 'id' | 'version'>),
            operation.iconFile,
          ),
        });
        results.push({ operation, outcome: 'saved', tile });
      } else if (operation.type === 'update') {
        const tile = await send<EditorTile>(
          `${base(institutionId)}/${encodeURIComponent(operation.tile.id)}`,
          {
            method: 'PUT',
            body: multipart(tileJson(operation.tile), operation.iconFile),
          },
        );
        results.push({ operation, outcome: 'saved', tile });
      } else {
        await send<void>(
          `${base(institutionId)}/${encodeURIComponent(operation.tile.id)}/${operation.tile.version}`,
          { method: 'DELETE' },
        );
        results.push({ operation, outcome: 'deleted' });
      }
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (
        operation.type !== 'add' &&
        status === 409 &&
        error instanceof ApiError &&
        isServerTile(error.body)
      ) {
        results.push({ operation, outcome: 'conflict', tile: error.body });
        errors.push(tileEditor.errors.conflict(error.body.name || name));
        continue;
      }
      // Another editor deleted the tile meanwhile (decision 013): a deletion has happened, and a
      // change has nothing left to change. Both used to stay pending, failing on every save.
      if (operation.type === 'delete' && status === 404) {
        results.push({ operation, outcome: 'deleted' });
        continue;
      }
      if (operation.type === 'update' && status === 404) {
        results.push({ operation, outcome: 'gone' });
        errors.push(tileEditor.errors.gone(name));
        continue;
      }
      let message: string;
      if (operation.type === 'add') {
        message =
          status === 400 && error instanceof ApiError
            ? tileEditor.errors.createBadRequest(name, reasonOf(error))
            : tileEditor.errors.create(name);
      } else if (status === 409) {
        message = tileEditor.errors.conflict(name);
      } else {
        message =
          operation.type === 'update'
            ? status === 400 && error instanceof ApiError && error.problem?.detail
              ? tileEditor.errors.updateBadRequest(name, error.problem.detail)
              : tileEditor.errors.update(name)
            : tileEditor.errors.delete(name);
      }
      results.push({ operation, outcome: 'failed', message });
      errors.push(message);
    }
  }
  return { results, errors };
}

import type {} from '@fastify/multipart';
import {
  areTileQueryParamsWithinLimits,
  isHttpsTileTarget,
  isInternalTileTarget,
  TILE_ICON_MAX_BYTES,
  TILE_LIMITS,
  TILE_MULTIPART_ICON_PART,
  TILE_MULTIPART_JSON_PART,
  TILE_ONE_PATH_PATTERN,
  type Tile,
  tileInput,
  tileUpdateInput,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { InstitutionScope } from '../../plugins/access';
import { badRequest, notFound, ProblemError } from '../../plugins/errors';
import { refuseMalformedText } from '../../plugins/input-guard';
import { ICON_TOO_LARGE, prepareIcon } from './icons';
import {
  businessCaseTypeExists,
  type DefinitionValues,
  deleteDefinition,
  findDefinition,
  groupExists,
  insertDefinition,
  storeIcon,
  updateDefinition,
} from './repository';

export const TILE_NOT_FOUND = 'Die Kachel wurde nicht gefunden.';
export const NOT_MULTIPART = `Erwartet wird multipart/form-data mit dem JSON-Teil '${TILE_MULTIPART_JSON_PART}' und dem Bild-Teil '${TILE_MULTIPART_ICON_PART}'.`;
export const MISSING_TILE_PART = `Der JSON-Teil '${TILE_MULTIPART_JSON_PART}' fehlt.`;
export const INVALID_TILE_JSON = `Der Teil '${TILE_MULTIPART_JSON_PART}' ist kein gültiges JSON.`;
export const MISSING_ICON = 'Bitte ein Symbol (PNG, SVG oder WebP) hochladen.';
export const UNKNOWN_PART = 'Die Anfrage enthält einen unbekannten Teil.';
export const TARGET_NOT_INTERNAL =
  'Das Ziel einer internen Kachel muss ein Pfad des Portals sein (z. B. /orders).';
export const TARGET_NOT_HTTPS =
  'Das Ziel einer externen Kachel muss eine absolute https-Adresse sein.';
export const UNKNOWN_BUSINESS_CASE_TYPE = 'Der Geschäftsfalltyp existiert nicht.';
export const UNKNOWN_GROUP = 'Die Kachelgruppe existiert nicht.';
export const INVALID_ONE_PATH =
  'Der Pfad (onePath) darf nur Buchstaben, Ziffern, Bindestriche, Unterstriche und Schrägstriche enthalten.';
export const TOO_MANY_QUERY_PARAMS = `Höchstens ${TILE_LIMITS.queryParams} Abfrageparameter, Namen bis ${TILE_LIMITS.queryParamKey} und Werte bis ${TILE_LIMITS.queryParamValue} Zeichen.`;

/** German reasons per field of the tile JSON. */
const FIELD_MESSAGES: Record<string, string> = {
  name: `Der Name ist erforderlich und darf höchstens ${TILE_LIMITS.name} Zeichen lang sein.`,
  title: `Der Titel darf höchstens ${TILE_LIMITS.title} Zeichen lang sein.`,
  shortDescription: `Die Kurzbeschreibung darf höchstens ${TILE_LIMITS.shortDescription} Zeichen lang sein.`,
  description: `Die Beschreibung darf höchstens ${TILE_LIMITS.description} Zeichen lang sein.`,
  target: `Das Ziel ist erforderlich und darf höchstens ${TILE_LIMITS.target} Zeichen lang sein.`,
  isInternal: 'Intern muss wahr oder falsch sein.',
  tileType: 'Der Kacheltyp muss PRIMARY, FUNCTIONAL oder MARKETING sein.',
  isDyeable: 'Einfärbbar muss wahr oder falsch sein.',
  priority: 'Die Priorität muss eine ganze Zahl von 1 bis 5 sein.',
  businessCaseTypeId: 'Der Geschäftsfalltyp fehlt oder ist keine gültige Kennung.',
  queryParams: 'Die Abfrageparameter müssen Texte sein.',
  onePath: `Der Pfad (onePath) darf höchstens ${TILE_LIMITS.onePath} Zeichen lang sein.`,
  tileGroupId: 'Die Kachelgruppe ist keine gültige Kennung.',
  tileGroup: 'Die Kachelgruppe ist keine gültige Kennung.',
  version: 'Die Version fehlt oder ist keine ganze Zahl.',
};

/** A line break, tab or other control character in a one-line field (the contract's oneLine). */
const oneLineMessage = (field: string) =>
  `${field} darf nur aus einer Zeile bestehen, ohne Tabulatoren und Steuerzeichen.`;
const ONE_LINE_MESSAGES: Record<string, string> = {
  name: oneLineMessage('Der Name'),
  title: oneLineMessage('Der Titel'),
  target: oneLineMessage('Das Ziel'),
  onePath: oneLineMessage('Der Pfad (onePath)'),
};

const invalid = (path: string, message: string) => badRequest(message, [{ path, message }]);

function parseInput<S extends typeof tileInput | typeof tileUpdateInput>(
  schema: S,
  json: unknown,
): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data as z.output<S>;
  const errors = result.error.issues.map((issue) => {
    const path = issue.path.map(String).join('.') || 'tile';
    const field = String(issue.path[0] ?? '');
    const message =
      (issue.code === 'invalid_format' ? ONE_LINE_MESSAGES[field] : undefined) ??
      FIELD_MESSAGES[field] ??
      `Ungültiger Wert (${path}).`;
    return { path, message };
  });
  throw badRequest(errors[0]!.message, errors);
}

const empty = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** Validates the tile JSON against the rules the schema cannot see (target, type, group). */
async function validate(
  db: Db,
  scope: InstitutionScope,
  input: z.output<typeof tileInput>,
): Promise<DefinitionValues> {
  if (input.isInternal ? !isInternalTileTarget(input.target) : !isHttpsTileTarget(input.target)) {
    throw invalid('target', input.isInternal ? TARGET_NOT_INTERNAL : TARGET_NOT_HTTPS);
  }
  const onePath = empty(input.onePath);
  if (onePath !== null && !TILE_ONE_PATH_PATTERN.test(onePath)) {
    throw invalid('onePath', INVALID_ONE_PATH);
  }
  const queryParams = input.queryParams ?? null;
  if (queryParams && !areTileQueryParamsWithinLimits(queryParams)) {
    throw invalid('queryParams', TOO_MANY_QUERY_PARAMS);
  }
  if (!(await businessCaseTypeExists(db, input.businessCaseTypeId))) {
    throw invalid('businessCaseTypeId', UNKNOWN_BUSINESS_CASE_TYPE);
  }
  const tileGroupId =
    input.tileGroupId !== undefined ? input.tileGroupId : (input.tileGroup?.id ?? null);
  if (tileGroupId && !(await groupExists(db, scope, tileGroupId))) {
    throw invalid('tileGroupId', UNKNOWN_GROUP);
  }
  return {
    name: input.name,
    title: empty(input.title),
    shortDescription: empty(input.shortDescription),
    description: empty(input.description),
    target: input.target,
    isInternal: input.isInternal,
    tileType: input.tileType,
    isDyeable: input.isDyeable,
    priority: input.priority,
    businessCaseTypeId: input.businessCaseTypeId,
    queryParams: queryParams && Object.keys(queryParams).length > 0 ? queryParams : null,
    onePath,
    tileGroupId,
  };
}

export interface TileUpload {
  json: unknown;
  icon: Buffer | undefined;
}

/**
 * Reads the multipart body of POST/PUT: the JSON part `tile` (a field or a file part with JSON)
 * and the optional file part `icon` (at most TILE_ICON_MAX_BYTES). 400 with the reason otherwise.
 */
export async function readTileUpload(request: FastifyRequest): Promise<TileUpload> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
  let text: string | undefined;
  let icon: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: TILE_ICON_MAX_BYTES,
        files: 2,
        fields: 2,
        parts: 3,
        fieldSize: 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.fieldname === TILE_MULTIPART_JSON_PART && text === undefined) {
        text = part.type === 'file' ? (await part.toBuffer()).toString('utf8') : String(part.value);
      } else if (
        part.fieldname === TILE_MULTIPART_ICON_PART &&
        part.type === 'file' &&
        icon === undefined
      ) {
        icon = await part.toBuffer();
      } else {
        if (part.type === 'file') await part.toBuffer();
        // A part without a name is unknown too (and its path must still be a string).
        throw badRequest(UNKNOWN_PART, [{ path: part.fieldname || 'body', message: UNKNOWN_PART }]);
      }
    }
  } catch (error) {
    if (error instanceof ProblemError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid('icon', ICON_TOO_LARGE);
    // A fault of our own stays one (500, logged), not hidden as the client's.
    if (
      error instanceof TypeError ||
      error instanceof RangeError ||
      error instanceof ReferenceError
    ) {
      throw error;
    }
    // Everything else here comes from reading the form (no boundary, a form that ends early, a
    // broken part header, a limit): the client's mistake, not ours.
    throw badRequest(NOT_MULTIPART);
  }
  if (text === undefined) throw invalid(TILE_MULTIPART_JSON_PART, MISSING_TILE_PART);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid(TILE_MULTIPART_JSON_PART, INVALID_TILE_JSON);
  }
  // The input guard never sees this JSON: NUL would reach PostgreSQL (500), others be stored.
  refuseMalformedText(json, TILE_MULTIPART_JSON_PART);
  return { json, icon: icon && icon.length > 0 ? icon : undefined };
}

/** Creates a definition of the scope (trusted) institution; the icon is required. */
export async function createTile(
  db: Db,
  scope: InstitutionScope,
  upload: TileUpload,
): Promise<Tile> {
  const input = parseInput(tileInput, upload.json);
  if (!upload.icon) throw invalid('icon', MISSING_ICON);
  const icon = await prepareIcon(upload.icon);
  const values = await validate(db, scope, input);
  const id = await db.transaction(async (tx) => {
    await storeIcon(tx, icon);
    return insertDefinition(tx, scope, values, icon.sha256);
  });
  const tile = await findDefinition(db, scope, id);
  if (!tile) throw notFound(TILE_NOT_FOUND);
  return tile;
}

export type Conflict = { kind: 'conflict'; tile: Tile };
export type WriteResult<T = Tile> = { kind: 'ok'; tile: T } | Conflict;

/** After a write that matched nothing: 404 if the tile is not the scope's, else the conflict. */
async function conflictOrNotFound(
  db: Db,
  scope: InstitutionScope,
  tileId: string,
): Promise<Conflict> {
  const current = await findDefinition(db, scope, tileId);
  if (!current) throw notFound(TILE_NOT_FOUND);
  return { kind: 'conflict', tile: current };
}

/** Updates a definition if it still has the given version (optimistic locking). */
export async function updateTile(
  db: Db,
  scope: InstitutionScope,
  tileId: string,
  upload: TileUpload,
): Promise<WriteResult> {
  const input = parseInput(tileUpdateInput, upload.json);
  const icon = upload.icon ? await prepareIcon(upload.icon) : undefined;
  const values = await validate(db, scope, input);
  const updated = await db.transaction(async (tx) => {
    if (icon) await storeIcon(tx, icon);
    return updateDefinition(tx, scope, tileId, input.version, values, icon?.sha256);
  });
  if (!updated) return conflictOrNotFound(db, scope, tileId);
  const tile = await findDefinition(db, scope, tileId);
  if (!tile) throw notFound(TILE_NOT_FOUND);
  return { kind: 'ok', tile };
}

export const INVALID_VERSION = 'Die Version muss eine nicht negative ganze Zahl sein.';

/** The version segment of DELETE …/{tileId}/{version}; 400 unless a non-negative integer. */
export function parseVersion(segment: string): number {
  const version = /^\d{1,9}$/.test(segment) ? Number(segment) : Number.NaN;
  if (!Number.isSafeInteger(version)) throw invalid('version', INVALID_VERSION);
  return version;
}

/** Deletes a definition if it still has the given version. */
export async function deleteTile(
  db: Db,
  scope: InstitutionScope,
  tileId: string,
  version: number,
): Promise<WriteResult<null>> {
  if (await deleteDefinition(db, scope, tileId, version)) return { kind: 'ok', tile: null };
  return conflictOrNotFound(db, scope, tileId);
}

import multipart from '@fastify/multipart';
import {
  businessCaseTypeList,
  dashboardTileQuery,
  id,
  idParams,
  TILE_ICON_MAX_BYTES,
  TILE_MULTIPART_ICON_PART,
  TILE_MULTIPART_JSON_PART,
  type Tile,
  type TrustedPartner,
  tile,
  tileConflict,
  tileGroupList,
  tileList,
  trustedPartner,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listenForInvalidation, NotifiedCache } from '../../db/notified-cache';
import { ADMIN_ONLY } from '../../plugins/access';
import { notFound } from '../../plugins/errors';
import { frozenAnswer } from '../../plugins/serialization';
import { NO_SECURITY, problemResponses } from '../shared/responses';
import {
  findIcon,
  findTrustedPartner,
  listBusinessCaseTypes,
  listDashboardTiles,
  listDefinitions,
  listGroups,
} from './repository';
import { createTile, deleteTile, parseVersion, readTileUpload, updateTile } from './service';

const TAGS = ['tiles'];
/** Writes: admins of a trusted institution, on that institution's own definitions. */
const WRITE = { roles: ADMIN_ONLY, trusted: true } as const;
const tileParams = idParams.extend({ tileId: id });
// The version is checked in the handler (400 unless a non-negative integer), not by the schema:
// schema validation runs before the institution scope, and a stranger must get the same 404
// for any path as for an unknown institution.
const deleteParams = tileParams.extend({
  version: z.string().describe('The version of the tile being deleted (a non-negative integer)'),
});
const iconParams = z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) });
const MULTIPART_DESCRIPTION =
  `multipart/form-data: part \`${TILE_MULTIPART_JSON_PART}\` (JSON, see TileInput; PUT adds ` +
  `\`version\`) and part \`${TILE_MULTIPART_ICON_PART}\` (PNG, SVG or WebP by content, at most ` +
  `${TILE_ICON_MAX_BYTES / 1024} KB; SVG is sanitised). Admins of the trusted institution only.`;

/** Triggers (migration 0013) notify it with '*' when anything a dashboard answer is made of changes. */
export const DASHBOARD_CHANNEL = 'portal_dashboard';

export const tileRoutes: FastifyPluginAsyncZod = async (app) => {
  // The first view's answers are the same for every member of an institution (access is checked
  // before): kept in memory, frozen, until a tile, group, contract or partner changes anywhere.
  const dashboards = new NotifiedCache<Tile[]>();
  const partners = new NotifiedCache<TrustedPartner>();
  await listenForInvalidation(app, DASHBOARD_CHANNEL, dashboards, partners);
  // A tile write forgets at once in this process (read your writes); the others by NOTIFY.
  const forget = () => {
    dashboards.invalidate('*');
    partners.invalidate('*');
  };
  if (!app.hasRequestDecorator('isMultipart')) {
    await app.register(multipart, { limits: { fileSize: TILE_ICON_MAX_BYTES, files: 2 } });
  }

  app.get(
    '/institution/:id/tiles',
    {
      config: { institution: {} },
      schema: {
        tags: TAGS,
        summary: 'The dashboard tiles of an institution',
        description:
          'Tiles of the trusted contractors serving the institution, for the business case types ' +
          'it has a business case for, with their groups; sorted by priority and name.',
        params: idParams,
        response: { 200: tileList, ...problemResponses(400, 401, 404) },
      },
    },
    // Not async: a kept answer is sent as it is (NotifiedCache.current).
    (request) =>
      dashboards.current(request.scope.institutionId, async () =>
        frozenAnswer(await listDashboardTiles(app.db, request.scope)),
      ),
  );

  app.get(
    '/institution/:id/trusted',
    {
      config: { institution: {} },
      schema: {
        tags: TAGS,
        summary: 'The trusted company serving the institution (co-branding), or null',
        params: idParams,
        response: { 200: trustedPartner, ...problemResponses(400, 401, 404) },
      },
    },
    (request) =>
      partners.current(request.scope.institutionId, async () =>
        frozenAnswer(await findTrustedPartner(app.db, request.scope)),
      ),
  );

  app.get(
    '/institution/:id/business-case-type',
    {
      config: { institution: {} },
      schema: {
        tags: TAGS,
        summary: 'Business case types',
        description:
          'A trusted institution gets every type (it may define tiles for any); a customer the ' +
          'types it has a business case for.',
        params: idParams,
        response: { 200: businessCaseTypeList, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => listBusinessCaseTypes(app.db, request.scope),
  );

  app.get(
    '/institution/:id/dashboard-tile',
    {
      config: { institution: { trusted: true } },
      schema: {
        tags: TAGS,
        summary: "The trusted institution's tile definitions of one business case type",
        params: idParams,
        querystring: dashboardTileQuery,
        response: { 200: tileList, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listDefinitions(app.db, request.scope, request.query.businessCaseTypeId),
  );

  app.get(
    '/institution/:id/dashboard-tile/group',
    {
      config: { institution: { trusted: true } },
      schema: {
        tags: TAGS,
        summary: "The trusted institution's tile groups",
        params: idParams,
        response: { 200: tileGroupList, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listGroups(app.db, request.scope),
  );

  app.post(
    '/institution/:id/dashboard-tile',
    {
      config: { institution: WRITE },
      schema: {
        tags: TAGS,
        summary: 'Create a tile definition',
        description: MULTIPART_DESCRIPTION,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: tile, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const created = await createTile(app.db, request.scope, await readTileUpload(request));
      forget();
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/institution/:id/dashboard-tile/:tileId',
    {
      config: { institution: WRITE },
      schema: {
        tags: TAGS,
        summary: 'Update a tile definition (optimistic locking by version)',
        description: `${MULTIPART_DESCRIPTION} The icon part only for a new icon. 409 answers the server's current tile.`,
        consumes: ['multipart/form-data'],
        params: tileParams,
        response: {
          200: tile,
          409: tileConflict.describe("Conflict: the server's current tile"),
          ...problemResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const result = await updateTile(
        app.db,
        request.scope,
        request.params.tileId,
        await readTileUpload(request),
      );
      forget();
      if (result.kind === 'conflict') return reply.code(409).send(result.tile);
      return reply.code(200).send(result.tile);
    },
  );

  app.delete(
    '/institution/:id/dashboard-tile/:tileId/:version',
    {
      config: { institution: WRITE },
      schema: {
        tags: TAGS,
        summary: 'Delete a tile definition of the given version',
        description: "204 deleted; 409 answers the server's current tile.",
        params: deleteParams,
        response: {
          204: z.null().describe('Deleted'),
          409: tileConflict.describe("Conflict: the server's current tile"),
          ...problemResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const result = await deleteTile(
        app.db,
        request.scope,
        request.params.tileId,
        parseVersion(request.params.version),
      );
      forget();
      if (result.kind === 'conflict') return reply.code(409).send(result.tile);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/tile-icon/:sha256',
    {
      config: { public: true },
      schema: {
        tags: TAGS,
        summary: 'A tile icon or logo by content hash (immutable)',
        security: NO_SECURITY,
        params: iconParams,
        response: {
          200: z.unknown().describe('The image (image/png, image/svg+xml or image/webp)'),
          304: z.null().describe('Not modified'),
          ...problemResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { sha256 } = request.params;
      const icon = await findIcon(app.db, sha256);
      if (!icon) throw notFound('Das Symbol wurde nicht gefunden.');
      reply
        .header('content-type', icon.mediaType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
      if (request.headers['if-none-match'] === `"${sha256}"`) return reply.code(304).send(null);
      return reply.send(icon.bytes);
    },
  );
};

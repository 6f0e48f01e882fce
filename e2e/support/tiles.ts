import type { APIRequestContext, Page } from '@playwright/test';
import { accessToken, DEMO_INSTITUTIONS, expect } from './fixtures';

/** Abrechnungszentrum Nord, whose tiles Tom edits. */
const NORD = DEMO_INSTITUTIONS.abrechnungszentrumNord;

/** A tiny valid PNG (1×1 px). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A word of the calling test's own for the names of the tiles it stores: the editor list and the
 * practices' dashboards show them, and a second run on the same server (a retry, --repeat-each)
 * otherwise found the first run's tiles of the same name.
 */
export const ownWord = () => Date.now().toString(36).slice(-5);

/** Tom's tile API, with the token of `page` (signed in as Tom). */
export interface TileApi {
  request: APIRequestContext;
  headers: Record<string, string>;
}

export async function tileApi(page: Page): Promise<TileApi> {
  return { request: page.request, headers: { Authorization: `Bearer ${await accessToken(page)}` } };
}

/** The id of Nord's business case type `name` (MARKETING, TIORDER, …). */
async function typeId({ request, headers }: TileApi, name: string): Promise<string> {
  const response = await request.get(`/api/institution/${NORD}/business-case-type`, { headers });
  expect(response.status()).toBe(200);
  const types = (await response.json()) as { id: string; name: string }[];
  return types.find((type) => type.name === name)!.id;
}

/** Stores a Marketingkachel `name` (to https://www.example.org/) of the type `type`; expects 201. */
export async function storeTile(api: TileApi, type: string, name: string) {
  const tile = {
    name,
    target: 'https://www.example.org/',
    isInternal: false,
    tileType: 'MARKETING',
    priority: 3,
    businessCaseTypeId: await typeId(api, type),
  };
  const response = await api.request.post(`/api/institution/${NORD}/dashboard-tile`, {
    headers: api.headers,
    multipart: {
      tile: {
        name: 'tile.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(tile)),
      },
      icon: { name: 'icon.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(response.status()).toBe(201);
}

/**
 * Deletes those of `names` that are stored under the type `type`: what a test stored is gone
 * again after it, passed or failed, for the next test and the other specs on the same server.
 */
export async function deleteTiles(api: TileApi, type: string, names: string[]) {
  const { request, headers } = api;
  const list = await request.get(
    `/api/institution/${NORD}/dashboard-tile?businessCaseTypeId=${await typeId(api, type)}`,
    { headers },
  );
  expect(list.status()).toBe(200);
  const tiles = (await list.json()) as { id: string; version: number; name: string }[];
  for (const tile of tiles.filter((stored) => names.includes(stored.name))) {
    const response = await request.delete(
      `/api/institution/${NORD}/dashboard-tile/${tile.id}/${tile.version}`,
      { headers },
    );
    expect(response.ok()).toBe(true);
  }
}

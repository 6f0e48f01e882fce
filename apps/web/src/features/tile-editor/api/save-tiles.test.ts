import type { Tile } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type apiRequest } from '../../../lib/api-client';
import type { PendingOperation } from '../model/pending-operations';
import { saveOperations } from './save-tiles';

const inst = '11111111-1111-4111-8111-111111111111';
const type = '22222222-2222-4222-8222-222222222222';
const stored: Tile = {
  id: '33333333-3333-4333-8333-333333333333',
  version: 2,
  name: 'Abrechnung',
  title: null,
  shortDescription: null,
  description: null,
  target: 'https://a.example/',
  isInternal: false,
  tileType: 'PRIMARY',
  icon: '/api/tile-icon/abc',
  isDyeable: false,
  priority: 3,
  businessCaseType: 'ABRECHNUNG',
  businessCaseTypeId: type,
  queryParams: null,
  notificationCount: null,
  onePath: null,
  tileGroup: {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'G',
    description: null,
    shortDescription: null,
    icon: null,
  },
  institutionId: inst,
};
const { id: _id, version: _v, ...rest } = stored;
const add: PendingOperation<Tile> = {
  type: 'add',
  tile: { ...rest, name: 'Neu', fakeId: 'f1' },
  iconFile: new Blob(['<svg/>'], { type: 'image/svg+xml' }),
};
const update: PendingOperation<Tile> = { type: 'update', tile: { ...stored, name: 'Umbenannt' } };
const remove: PendingOperation<Tile> = { type: 'delete', tile: stored };

type Send = typeof apiRequest;
const answering = (answer: (path: string, init: Parameters<Send>[1]) => unknown) =>
  vi.fn(async (path: string, init?: Parameters<Send>[1]) => {
    const value = answer(path, init);
    if (value instanceof Error) throw value;
    return value;
  }) as unknown as Send & ReturnType<typeof vi.fn>;

describe('saveOperations', () => {
  it('POST multipart with the tile part (no fakeId, group by id) and the icon', async () => {
    const send = answering(() => ({ ...stored, id: 'new', name: 'Neu' }));
    const outcome = await saveOperations(inst, [add], send);
    const [path, init] = send.mock.calls[0] as [string, { method: string; body: FormData }];
    expect(path).toBe(`/institution/${inst}/dashboard-tile`);
    expect(init.method).toBe('POST');
    const json = JSON.parse(await (init.body.get('tile') as Blob).text());
    expect(json).not.toHaveProperty('fakeId');
    expect(json).not.toHaveProperty('id');
    expect(json).toMatchObject({
      name: 'Neu',
      businessCaseTypeId: type,
      tileGroupId: stored.tileGroup?.id,
    });
    expect(init.body.get('icon')).toBeInstanceOf(Blob);
    expect(outcome).toEqual({
      results: [{ operation: add, outcome: 'saved', tile: { ...stored, id: 'new', name: 'Neu' } }],
      errors: [],
    });
  });

  it('PUT multipart with version and no icon part without a new icon; DELETE …/{id}/{version}', async () => {
    const send = answering((_path, init) => (init?.method === 'DELETE' ? undefined : stored));
    const outcome = await saveOperations(inst, [update, remove], send);
    const [putPath, putInit] = send.mock.calls[0] as [string, { method: string; body: FormData }];
    expect(putPath).toBe(`/institution/${inst}/dashboard-tile/${stored.id}`);
    expect(putInit.method).toBe('PUT');
    expect(JSON.parse(await (putInit.body.get('tile') as Blob).text())).toMatchObject({
      version: 2,
      name: 'Umbenannt',
    });
    expect(putInit.body.get('icon')).toBeNull();
    expect(send.mock.calls[1]?.[0]).toBe(`/institution/${inst}/dashboard-tile/${stored.id}/2`);
    expect(outcome.results.map((r) => r.outcome)).toEqual(['saved', 'deleted']);
  });

  it.each([
    [
      'update 409 with the server tile',
      update,
      new ApiError(409, null, { ...stored, name: 'Server' }),
      'conflict',
      "Es gab einen Konflikt mit der Kachel 'Server'.",
    ],
    [
      // Spec section 8: the conflict message names the tile as the error's tile calls it.
      'delete 409 with the server tile (named as the server has it)',
      remove,
      new ApiError(409, null, { ...stored, version: 5, name: 'Abrechnung online' }),
      'conflict',
      "Es gab einen Konflikt mit der Kachel 'Abrechnung online'.",
    ],
    [
      'delete 409 without a tile in the answer',
      remove,
      new ApiError(409, { type: 'about:blank', title: 'Konflikt', status: 409 }),
      'failed',
      "Es gab einen Konflikt mit der Kachel 'Abrechnung'.",
    ],
    [
      'delete 500',
      remove,
      new ApiError(500, null),
      'failed',
      "Es ist etwas beim Löschen der Kachel 'Abrechnung' schief gelaufen.",
    ],
    [
      'delete without an answer',
      remove,
      new TypeError('Failed to fetch'),
      'failed',
      "Es ist etwas beim Löschen der Kachel 'Abrechnung' schief gelaufen.",
    ],
    [
      'update 500',
      update,
      new ApiError(500, null),
      'failed',
      "Es ist etwas mit der Kachel 'Umbenannt' schief gelaufen.",
    ],
    [
      // What the form cannot check (the icon's content, a group deleted meanwhile): the spec's
      // message, then the server's reason, so the editor knows what to change.
      'update 400 adds the server reason',
      update,
      new ApiError(400, {
        type: 'about:blank',
        title: 'Ungültig',
        status: 400,
        detail: 'Das Symbol muss ein PNG-, SVG- oder WebP-Bild sein.',
      }),
      'failed',
      "Es ist etwas mit der Kachel 'Umbenannt' schief gelaufen. Das Symbol muss ein PNG-, SVG- oder WebP-Bild sein.",
    ],
    [
      'create 400 shows the server reason',
      add,
      new ApiError(400, {
        type: 'about:blank',
        title: 'Ungültig',
        status: 400,
        detail: 'Priorität muss zwischen 1 und 5 liegen',
      }),
      'failed',
      "Fehler beim Anlegen der Kachel 'Neu': 'Priorität muss zwischen 1 und 5 liegen'.",
    ],
    [
      'create 500',
      add,
      new ApiError(500, null),
      'failed',
      "Es ist etwas beim Anlegen der Kachel 'Neu' schief gelaufen.",
    ],
  ] as const)('%s', async (_case, operation, error, outcome, message) => {
    const result = await saveOperations(
      inst,
      [operation],
      answering(() => error),
    );
    expect(result.results[0]?.outcome).toBe(outcome);
    expect(result.errors).toEqual([message]);
  });

  it("a conflict takes over the server's version of the tile", async () => {
    const server = { ...stored, version: 5, name: 'Abrechnung online' };
    const result = await saveOperations(
      inst,
      [remove],
      answering(() => new ApiError(409, null, server)),
    );
    expect(result.results).toEqual([{ operation: remove, outcome: 'conflict', tile: server }]);
  });

  it("sends each tile's own business case type, not one for the whole batch", async () => {
    const otherType = '55555555-5555-4555-8555-555555555555';
    const send = answering(() => stored);
    await saveOperations(
      inst,
      [
        { ...add, tile: { ...add.tile, businessCaseTypeId: otherType } },
        { type: 'update', tile: { ...stored, businessCaseTypeId: otherType } },
        update,
      ],
      send,
    );
    const sentTypes = await Promise.all(
      send.mock.calls.map(async ([, init]) => {
        const body = (init as { body: FormData }).body;
        return JSON.parse(await (body.get('tile') as Blob).text()).businessCaseTypeId;
      }),
    );
    expect(sentTypes).toEqual([otherType, otherType, type]);
  });

  it('one failure does not stop the others', async () => {
    const send = answering((_p, init) =>
      init?.method === 'PUT' ? new ApiError(500, null) : undefined,
    );
    const result = await saveOperations(inst, [update, remove], send);
    expect(result.results.map((r) => r.outcome)).toEqual(['failed', 'deleted']);
  });
});

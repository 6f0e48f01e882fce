import type { Tile } from '@portal/contract';

/**
 * A stored tile as `GET …/tiles` answers it, for component and unit tests: a plain external
 * partner tile unless `overrides` say otherwise (name, type, group, ids …).
 */
export function tileFixture(overrides: Partial<Tile> & Pick<Tile, 'id' | 'name'>): Tile {
  return {
    version: 0,
    title: null,
    shortDescription: null,
    description: null,
    target: 'https://partner.example/',
    isInternal: false,
    tileType: 'PRIMARY',
    icon: null,
    isDyeable: false,
    priority: 3,
    businessCaseType: 'ABRECHNUNG',
    businessCaseTypeId: '44444444-4444-4444-8444-444444444444',
    queryParams: null,
    notificationCount: null,
    onePath: null,
    tileGroup: null,
    institutionId: '33333333-3333-4333-8333-333333333333',
    ...overrides,
  };
}

import type { TileView } from './types';

/** A tile for tests: only what a case changes needs to be given. */
export const tile = (overrides: Partial<TileView> & { name: string }): TileView => ({
  id: overrides.name,
  version: 0,
  target: 'https://example.org/',
  isInternal: false,
  tileType: 'PRIMARY',
  priority: 3,
  icon: null,
  isDyeable: false,
  businessCaseType: 'ABRECHNUNG',
  tileGroup: null,
  ...overrides,
});

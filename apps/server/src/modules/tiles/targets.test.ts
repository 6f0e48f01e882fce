import { readFileSync } from 'node:fs';
import {
  INTERNAL_TILE_TARGET_PATHS,
  isHttpsTileTarget,
  isInternalTileTarget,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';

describe('tile targets', () => {
  it.each([
    ['/orders', true],
    ['/orders/', true],
    ['/', true],
    ['/dashboard', true],
    ['/document?documentType=invoice', true],
    ['/orders/bank/status/3f7160e7-2970-47c7-b55f-9fcb35b83336', true],
    ['/marketing-group/Finanzierung', true],
    ['/egeko-smo#oben', true],
    ['/orders/bank/status', false],
    ['/orders/bank/status/a/b', false],
    ['/admin', false],
    ['orders', false],
    ['//evil.example/orders', false],
    ['https://example.org/orders', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('internal %s → %s', (target, expected) => {
    expect(isInternalTileTarget(target)).toBe(expected);
  });

  it.each([
    ['https://example.org', true],
    ['https://kundencenter.odits.de/pflege?x=1', true],
    ['http://example.org', false],
    ['ftp://example.org', false],
    ['javascript:alert(1)', false],
    ['/orders', false],
    ['https://', false],
  ])('external %s → %s', (target, expected) => {
    expect(isHttpsTileTarget(target)).toBe(expected);
  });

  it("lists every page of the web app's route table (no drift between router.tsx and the contract)", () => {
    const router = readFileSync(
      new URL('../../../../web/src/app/router.tsx', import.meta.url),
      'utf8',
    );
    const segments = [...router.matchAll(/path: '([^']+)'/g)]
      .map((match) => match[1]!)
      .filter((path) => !['/', '*', 'signin-callback'].includes(path));
    expect(segments.length).toBeGreaterThan(10);
    for (const segment of segments) {
      expect(
        INTERNAL_TILE_TARGET_PATHS.some((path) => path.endsWith(`/${segment}`)),
        `router path '${segment}' is missing in INTERNAL_TILE_TARGET_PATHS`,
      ).toBe(true);
    }
  });
});

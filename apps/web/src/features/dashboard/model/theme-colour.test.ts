import { describe, expect, it } from 'vitest';
import { contrastRatio, lightTint, parseHexColour, themeColours } from './theme-colour';

const WHITE = [255, 255, 255] as [number, number, number];

describe('institution theme colour (AA contrast kept)', () => {
  it.each([[null], [undefined], [''], ['blau'], ['#12345'], ['rgb(0,0,0)']])(
    'no override for %s',
    (theme) => {
      expect(themeColours(theme)).toBeNull();
    },
  );

  it.each([['#1c5d99'], ['#ffcc00'], ['#ffffff'], ['#7fdbff'], ['#0a7d4f'], ['#e4002b'], ['#abc']])(
    '%s ends with white text at ≥ 4.5:1 and the colour as text on its tint at ≥ 4.5:1',
    (theme) => {
      const colours = themeColours(theme);
      const filled = parseHexColour(colours?.filled);
      expect(filled).not.toBeNull();
      if (!filled) return;
      expect(contrastRatio(filled, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(filled, lightTint(filled))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a colour that already passes', () => {
    expect(themeColours('#1c5d99')?.filled).toBe('#1c5d99');
  });
});

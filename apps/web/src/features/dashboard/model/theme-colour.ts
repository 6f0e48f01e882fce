/**
 * The institution's `theme` as the portal's primary colour, kept at WCAG AA: white text on the
 * colour and the colour as text on its light tint both reach 4.5:1 (the colour is darkened
 * step by step until they do).
 */
type Rgb = [number, number, number];

const AA = 4.5;

export function parseHexColour(value: string | null | undefined): Rgb | null {
  if (!value) return null;
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  let hex = match[1] as string;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

export const toHex = (rgb: Rgb) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const mix = (colour: Rgb, other: Rgb, weight: number): Rgb =>
  colour.map((c, i) => c * weight + (other[i] as number) * (1 - weight)) as Rgb;

/** The light tint Mantine's "light" variants put behind the colour (10 % on white). */
export const lightTint = (colour: Rgb) => mix(colour, WHITE, 0.1);

export interface ThemeColours {
  filled: string;
  filledHover: string;
  light: string;
  lightHover: string;
}

/** AA-safe colours for an institution theme, or null when the theme is not a hex colour. */
export function themeColours(theme: string | null | undefined): ThemeColours | null {
  let colour = parseHexColour(theme);
  if (!colour) return null;
  for (let step = 0; step < 40; step += 1) {
    if (contrastRatio(colour, WHITE) >= AA && contrastRatio(colour, lightTint(colour)) >= AA) break;
    colour = colour.map((c) => c * 0.92) as Rgb;
  }
  return {
    filled: toHex(colour),
    filledHover: toHex(colour.map((c) => c * 0.85) as Rgb),
    light: toHex(lightTint(colour)),
    lightHover: toHex(mix(colour, WHITE, 0.16)),
  };
}

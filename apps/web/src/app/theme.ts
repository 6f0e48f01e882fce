import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Portal blue: #1c5d99 is shade 6, the primary shade (white text on it passes WCAG AA). */
const portalBlue: MantineColorsTuple = [
  '#e8f1fa',
  '#cfe0f1',
  '#a0c0e3',
  '#6d9fd5',
  '#437fc6',
  '#2a6cb6',
  '#1c5d99',
  '#174d80',
  '#123d66',
  '#0c2c4b',
];

export const PORTAL_PRIMARY = portalBlue[6];

export const portalTheme = createTheme({
  primaryColor: 'portal',
  primaryShade: 6,
  colors: { portal: portalBlue },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Mantine's focus placeholder (a focusable role="presentation" div) inside role="menu"
    // breaks ARIA's required children (axe aria-required-children). Without it the dropdown
    // itself takes focus and the arrow keys move to the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Mantine's dimmed text (gray 6, 3.3:1 on white) fails WCAG AA contrast: use gray 7 (7.5:1) in
 * the light scheme; the same for the error colour. Passed to MantineProvider as `cssVariablesResolver`.
 */
export const portalCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors: red 6 (3.6:1 on white) fails WCAG AA; red 9 passes (5.6:1).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

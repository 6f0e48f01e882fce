import type { Container, PluginCreator, Rule } from 'postcss';

/**
 * The portal has one colour scheme, light: MantineProvider is given `forceColorScheme="light"`
 * (no person can switch, and no stored preference turns it dark). Mantine's stylesheets still
 * carry every rule for the dark scheme (`[data-mantine-color-scheme='dark'] …`, about a ninth of
 * their size, 6.8 KB of CSS variables alone in the first view); this PostCSS plugin drops them
 * from every stylesheet of the build, Mantine's and the app's: selectors that name the dark
 * scheme leave their rule, a rule without selectors left goes, and so does an at-rule (`@media`,
 * `@layer`, `@supports`) that held only such rules (the layer order statement every Mantine
 * sheet starts with keeps the order of layers).
 */

/** `[data-mantine-color-scheme='dark']` in any quoting, inside `:where()`/`:host()` or not. */
const DARK_SCHEME = /\[\s*data-mantine-color-scheme\s*=\s*(['"]?)dark\1\s*\]/;

export const isDarkSchemeSelector = (selector: string) => DARK_SCHEME.test(selector);

function removeIfEmpty(container: Container | undefined) {
  let current = container;
  while (current && current.type !== 'root' && (current.nodes?.length ?? 0) === 0) {
    const parent = current.parent as Container | undefined;
    current.remove();
    current = parent;
  }
}

export const lightSchemeOnly: PluginCreator<void> = () => ({
  postcssPlugin: 'portal-light-scheme-only',
  OnceExit(root) {
    root.walkRules((rule: Rule) => {
      if (!DARK_SCHEME.test(rule.selector)) return;
      const kept = rule.selectors.filter((selector) => !isDarkSchemeSelector(selector));
      if (kept.length > 0) {
        rule.selectors = kept;
        return;
      }
      const parent = rule.parent as Container | undefined;
      rule.remove();
      removeIfEmpty(parent);
    });
  },
});
lightSchemeOnly.postcss = true;

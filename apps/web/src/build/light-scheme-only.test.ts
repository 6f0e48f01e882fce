import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { isDarkSchemeSelector, lightSchemeOnly } from './light-scheme-only';

const run = (css: string) => postcss([lightSchemeOnly()]).process(css, { from: undefined }).css;
const squash = (css: string) => css.replace(/\s+/g, ' ').trim();

describe('light scheme only', () => {
  it('recognises the dark scheme in every quoting and wrapper', () => {
    expect(isDarkSchemeSelector(":root[data-mantine-color-scheme='dark']")).toBe(true);
    expect(isDarkSchemeSelector(':host([data-mantine-color-scheme="dark"])')).toBe(true);
    expect(isDarkSchemeSelector(':where([data-mantine-color-scheme=dark]) .m_1')).toBe(true);
    expect(isDarkSchemeSelector("[data-mantine-color-scheme='light'] .m_1")).toBe(false);
    expect(isDarkSchemeSelector('.dark-text')).toBe(false);
  });

  it('drops rules of the dark scheme and keeps the light ones', () => {
    const css = `
      :root[data-mantine-color-scheme='dark'], :host([data-mantine-color-scheme='dark']) { --c: black; }
      :root[data-mantine-color-scheme='light'] { --c: white; }
      .m_1 { color: var(--c); }`;
    expect(squash(run(css))).toBe(
      ":root[data-mantine-color-scheme='light'] { --c: white; } .m_1 { color: var(--c); }",
    );
  });

  it('keeps the other selectors of a mixed list', () => {
    const css = ":where([data-mantine-color-scheme='dark']) .m_1, .m_2:hover { color: red; }";
    expect(squash(run(css))).toBe('.m_2:hover { color: red; }');
  });

  it('removes at-rules left empty, and only those', () => {
    const css = `
      @layer a, b;
      @layer a {
        @media (hover: hover) { :where([data-mantine-color-scheme='dark']) .m_1:hover { color: red; } }
        .m_2 { color: blue; }
      }
      @layer b { @media (hover: hover) { :where([data-mantine-color-scheme='dark']) .m_3 { color: red; } } }`;
    expect(squash(run(css))).toBe('@layer a, b; @layer a { .m_2 { color: blue; } }');
  });

  it("leaves none of Mantine's dark-scheme variables and all of its light ones", () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@mantine/core/styles/default-css-variables.css');
    const source = readFileSync(file, 'utf8');
    const output = run(source);
    expect(source).toMatch(/color-scheme='dark'/);
    expect(output).not.toMatch(/color-scheme=['"]?dark/);
    expect(output).toMatch(/:root\[data-mantine-color-scheme='light'\]/);
    // The palette (`--mantine-color-dark-9` and the rest) is not the scheme: it stays.
    expect(output).toMatch(/--mantine-color-dark-9:/);
    expect(output.length).toBeLessThan(source.length * 0.8);
  });
});

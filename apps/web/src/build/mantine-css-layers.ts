import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's stylesheets are imported per component, next to their use, so they land in
 * whichever chunk Rolldown picks; the browser then applies them in the order the chunks load.
 * Mantine's rules rely on source order, though: a Button is `.UnstyledButton.Button`, both at
 * one specificity, and Button's rules must come later. Loaded the wrong way round, every filled
 * button turned transparent.
 *
 * This plugin makes the order independent of chunking with cascade layers: each Mantine
 * stylesheet goes into a layer by its component's depth in Mantine's own composition graph
 * (UnstyledButton 0, CloseButton 1, Notification 2, …), global styles below all of them,
 * other Mantine packages (dates, notifications) above. Every stylesheet starts with the same
 * layer order statement, so whichever loads first fixes the same order. The app's own styles
 * stay unlayered and win over Mantine's, as Mantine's layer setup intends.
 */

const GLOBAL_SHEETS = new Set(['baseline', 'default-css-variables', 'global']);

/** Component name → the other components its files import (Mantine's `components/<Name>/`). */
export type ComponentGraph = Map<string, Set<string>>;

/** Reads the composition graph of the installed @mantine/core (its ESM build). */
export function readMantineGraph(componentsDir: string): ComponentGraph {
  const graph: ComponentGraph = new Map();
  for (const name of readdirSync(componentsDir)) {
    const root = path.join(componentsDir, name);
    const uses = new Set<string>();
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.mjs'),
    );
    for (const file of files) {
      const source = readFileSync(path.join(root, file), 'utf8');
      for (const match of source.matchAll(/from\s+["'](\.{1,2}\/[^"']+)["']/g)) {
        const target = path.resolve(path.dirname(path.join(root, file)), match[1] as string);
        const relative = path.relative(componentsDir, target).split(path.sep);
        const other = relative[0];
        if (other && other !== '..' && other !== name && relative.length > 1) uses.add(other);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

/** Depth of every component: 0 without Mantine components inside, else 1 + the deepest used. */
export function componentDepths(graph: ComponentGraph): Map<string, number> {
  const depths = new Map<string, number>();
  const visiting = new Set<string>();
  const depth = (name: string): number => {
    const known = depths.get(name);
    if (known !== undefined) return known;
    if (visiting.has(name)) return 0; // a cycle (none known): keep going rather than fail
    visiting.add(name);
    let result = 0;
    for (const used of graph.get(name) ?? []) result = Math.max(result, depth(used) + 1);
    visiting.delete(name);
    depths.set(name, result);
    return result;
  };
  for (const name of graph.keys()) depth(name);
  return depths;
}

export interface LayerPlan {
  /** The layer order statement every Mantine stylesheet starts with. */
  statement: string;
  /** The layer of a Mantine stylesheet, by module id; null for other files. */
  layerOf(id: string): string | null;
}

export function planLayers(depths: Map<string, number>): LayerPlan {
  const maxDepth = Math.max(0, ...depths.values());
  const names = [
    'mantine-global',
    ...Array.from({ length: maxDepth + 1 }, (_, depth) => `mantine-${depth}`),
    'mantine-extensions',
  ];
  return {
    statement: `@layer ${names.join(', ')};`,
    layerOf(id) {
      const file = id.split('?')[0]?.replaceAll('\\', '/') ?? '';
      const core = /\/@mantine\/core\/styles\/([A-Za-z-]+)\.css$/.exec(file);
      if (core?.[1]) {
        if (GLOBAL_SHEETS.has(core[1])) return 'mantine-global';
        return `mantine-${depths.get(core[1]) ?? 0}`;
      }
      if (/\/@mantine\/[a-z-]+\/styles\.css$/.test(file)) return 'mantine-extensions';
      return null;
    },
  };
}

/** Wraps a stylesheet in its layer, after the common order statement. */
export function wrapInLayer(css: string, layer: string, statement: string): string {
  return `${statement}\n@layer ${layer} {\n${css}\n}\n`;
}

/** `esm/components` of the installed @mantine/core (its package.json is not exported). */
export function mantineComponentsDir(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@mantine/core'));
  while (path.basename(dir) !== 'core' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, 'esm', 'components');
}

export function mantineCssLayers(): Plugin {
  let plan: LayerPlan | undefined;
  const getPlan = () => {
    if (!plan) {
      plan = planLayers(componentDepths(readMantineGraph(mantineComponentsDir())));
    }
    return plan;
  };
  return {
    name: 'portal-mantine-css-layers',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('@mantine') || !/\.css($|\?)/.test(id)) return null;
      const current = getPlan();
      const layer = current.layerOf(id);
      if (!layer) return null;
      return { code: wrapInLayer(code, layer, current.statement), map: null };
    },
  };
}

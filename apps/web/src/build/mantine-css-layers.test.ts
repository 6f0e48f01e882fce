import { describe, expect, it } from 'vitest';
import {
  componentDepths,
  mantineComponentsDir,
  planLayers,
  readMantineGraph,
  wrapInLayer,
} from './mantine-css-layers';

describe('Mantine stylesheets in cascade layers', () => {
  const depths = componentDepths(readMantineGraph(mantineComponentsDir()));
  const depth = (name: string) => depths.get(name) ?? -1;

  it('puts every component above the components it is built from', () => {
    expect(depth('UnstyledButton')).toBe(0);
    expect(depth('Button')).toBeGreaterThan(depth('UnstyledButton'));
    expect(depth('Button')).toBeGreaterThan(depth('Loader'));
    expect(depth('CloseButton')).toBeGreaterThan(depth('UnstyledButton'));
    expect(depth('Notification')).toBeGreaterThan(depth('CloseButton'));
    expect(depth('Menu')).toBeGreaterThan(depth('Popover'));
    expect(depth('Modal')).toBeGreaterThan(depth('ModalBase'));
    expect(depth('NavLink')).toBeGreaterThan(depth('UnstyledButton'));
    expect(depth('Anchor')).toBeGreaterThan(depth('Text'));
    expect(depth('Card')).toBeGreaterThan(depth('Paper'));
  });

  it('names the layer of each Mantine stylesheet and leaves other files alone', () => {
    const plan = planLayers(
      new Map([
        ['UnstyledButton', 0],
        ['Button', 2],
      ]),
    );
    expect(plan.statement).toBe(
      '@layer mantine-global, mantine-0, mantine-1, mantine-2, mantine-extensions;',
    );
    expect(plan.layerOf('/x/node_modules/@mantine/core/styles/Button.css')).toBe('mantine-2');
    expect(plan.layerOf('/x/node_modules/@mantine/core/styles/UnstyledButton.css')).toBe(
      'mantine-0',
    );
    expect(plan.layerOf('/x/node_modules/@mantine/core/styles/global.css')).toBe('mantine-global');
    expect(plan.layerOf('/x/node_modules/@mantine/core/styles/baseline.css')).toBe(
      'mantine-global',
    );
    expect(plan.layerOf('C:\\x\\node_modules\\@mantine\\dates\\styles.css')).toBe(
      'mantine-extensions',
    );
    expect(plan.layerOf('/x/node_modules/@mantine/notifications/styles.css')).toBe(
      'mantine-extensions',
    );
    expect(plan.layerOf('/x/src/features/orders/styles.css')).toBeNull();
  });

  it('wraps a stylesheet after the common order statement', () => {
    expect(wrapInLayer('.a{color:red}', 'mantine-1', '@layer x, mantine-1;')).toBe(
      '@layer x, mantine-1;\n@layer mantine-1 {\n.a{color:red}\n}\n',
    );
  });
});

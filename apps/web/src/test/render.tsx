import { MantineProvider } from '@mantine/core';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * MantineProvider (test environment: no transitions, no portals) and a MemoryRouter, so
 * components with links, menus and popovers work in jsdom.
 */
export function TestProviders({
  route = '/dashboard',
  children,
}: {
  route?: string;
  children: ReactNode;
}) {
  return (
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
    </MantineProvider>
  );
}

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** Initial URL of the in-memory router, `/dashboard` unless given. */
  route?: string;
}

/** `render` inside TestProviders; wrap `rerender`'s element in TestProviders yourself. */
export function renderWithProviders(
  ui: ReactElement,
  { route, ...options }: RenderWithProvidersOptions = {},
) {
  return render(<TestProviders route={route}>{ui}</TestProviders>, options);
}

import { MantineProvider } from '@mantine/core';
import { type RenderOptions, render } from '@testing-library/react';
import { createContext, type ReactElement, type ReactNode, useContext, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

const TestChildren = createContext<ReactNode>(null);

/** The one route of the test router, on every path: whatever TestProviders is given. */
function RenderChildren() {
  return <>{useContext(TestChildren)}</>;
}

/**
 * MantineProvider (test environment: no transitions, no portals) and an in-memory data router
 * (as the app's, so that a leave guard's useBlocker works), so components with links, menus
 * and popovers work in jsdom. The router is made once; a rerender with other children keeps
 * its location.
 */
export function TestProviders({
  route = '/dashboard',
  children,
}: {
  route?: string;
  children: ReactNode;
}) {
  const [router] = useState(() =>
    createMemoryRouter([{ path: '*', element: <RenderChildren /> }], {
      initialEntries: [route],
    }),
  );
  return (
    <MantineProvider env="test">
      <TestChildren.Provider value={children}>
        <RouterProvider router={router} />
      </TestChildren.Provider>
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

/** Shows where the test router is now (data-testid="pathname"), to check that a link led away. */
export function Pathname() {
  return <p data-testid="pathname">{useLocation().pathname}</p>;
}

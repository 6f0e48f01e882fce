import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../router';
import { isCodeLoadFailure, PageErrorInShell } from './route-error';

function renderInFrame(lazyPage: () => Promise<never>) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <div>
            <nav aria-label="Rahmen">Top bar</nav>
            <Outlet />
          </div>
        ),
        children: [
          {
            ErrorBoundary: PageErrorInShell,
            children: [{ path: 'orders', lazy: lazyPage }],
          },
        ],
      },
    ],
    { initialEntries: ['/orders'] },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('a signed-in page that fails', () => {
  it("whose code cannot be loaded says why inside the portal's frame and offers a reload", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInFrame(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/orders-x1.js'),
      ),
    );
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Die Seite konnte nicht geladen werden.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Vermutlich wurde das Portal gerade aktualisiert, oder die Verbindung ist unterbrochen.',
    );
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Rahmen' })).toBeInTheDocument();
  });

  it('with another error gives the general message, in the frame too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderInFrame(() => Promise.reject(new Error('kaputt')));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Auf dieser Seite ist ein Fehler aufgetreten.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Rahmen' })).toBeInTheDocument();
  });

  it('recognises the browsers’ messages for a code file that did not load', () => {
    expect(
      isCodeLoadFailure(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isCodeLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isCodeLoadFailure(new TypeError('error loading dynamically imported module'))).toBe(
      true,
    );
    // Vite's own, when a page's stylesheet did not load (offline): the page says it could not
    // be loaded, not that it has an error.
    expect(
      isCodeLoadFailure(new Error('Unable to preload CSS for http://localhost/assets/a.css')),
    ).toBe(true);
    expect(isCodeLoadFailure(new Error('kaputt'))).toBe(false);
  });

  it('every signed-in page sits under the in-frame error boundary', () => {
    const routes = createRoutes({} as never);
    const signedIn = routes[0]!.children!.find((route) => route.id === 'signed-in')!;
    expect(signedIn.ErrorBoundary).toBeUndefined();
    expect(signedIn.children).toHaveLength(1);
    expect(signedIn.children![0]!.ErrorBoundary).toBe(PageErrorInShell);
    expect(signedIn.children![0]!.children!.length).toBeGreaterThan(10);
  });
});

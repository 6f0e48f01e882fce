import { institution as institutionSchema, institutionSummaryList } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenProvider } from '../../lib/api-client';
import { contractJson } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { useInstitutionSelection } from './use-institution-selection';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const roles = [{ institutionId: A }, { institutionId: B }];
const nameOf = (id: string) =>
  id === A ? 'Praxis Sonnenschein' : id === B ? 'Zahnarztpraxis Dr. Müller' : `Praxis ${id}`;

/** GET /institution/{id} per id, in order. */
const loads: string[] = [];
/** GET /user/current/institutions. */
let listLoads = 0;
let listFails = false;
const server = setupMswServer();
const countOf = (id: string) => loads.filter((loaded) => loaded === id).length;

beforeEach(() => {
  localStorage.clear();
  loads.length = 0;
  listLoads = 0;
  listFails = false;
  server.use(
    http.get('*/api/user/current/institutions', () => {
      listLoads += 1;
      if (listFails) return new Response(null, { status: 500 });
      return contractJson(
        institutionSummaryList,
        currentRoles.map(({ institutionId: id }) => ({ id, name: nameOf(id), trusted: false })),
      );
    }),
    http.get('*/api/institution/:id', ({ params }) => {
      const id = params.id as string;
      loads.push(id);
      return contractJson(institutionSchema, {
        id,
        name: nameOf(id),
        city: 'Bremen',
        postalcode: '28195',
        street: 'Am Markt 1',
        trusted: false,
        theme: null,
        version: 1,
        users: [],
        supportContacts: [],
      });
    }),
  );
  // The clock and the 60 000 ms check are ours; timeouts stay real (MSW, TanStack Query).
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
});
afterEach(() => vi.useRealTimers());

/**
 * Retries `assertion` for up to 2 s. Not testing-library's waitFor (it polls with setInterval,
 * faked here) nor vi.waitFor (it moves the faked clock on with every try, which would age the
 * data): real timeouts, inside act for React's updates.
 */
async function waitFor(assertion: () => void) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      assertion();
      return;
    } catch (error) {
      if (attempt >= 200) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
}

/** The roles the list handler answers for (the hook's, set by render). */
let currentRoles: { institutionId: string }[] = roles;

function render(withRoles = roles, onLoadError?: (id: string | null) => void) {
  currentRoles = withRoles;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => useInstitutionSelection({ roles: withRoles, queryInstitutionId: null, onLoadError }),
    { wrapper },
  );
}

async function setup() {
  const view = render();
  await waitFor(() => expect(view.result.current.isSettled).toBe(true));
  expect(view.result.current.currentInstitutionId).toBe(A);
  // All institutions in one list; the whole institution for the current one only.
  expect(listLoads).toBe(1);
  expect(loads).toEqual([A]);
  expect(view.result.current.institutions.map((i) => i.name)).toEqual([
    'Praxis Sonnenschein',
    'Zahnarztpraxis Dr. Müller',
  ]);
  return view;
}

/** Moves the clock (and the interval) on by `ms`. */
const passes = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

// Spec sections 4 and 9: institution data is valid 300 000 ms; the current institution's age is
// checked every 60 000 ms, and selecting an institution reloads it when its data is older.
describe('useInstitutionSelection: validity 300 000 ms, refresh check every 60 000 ms', () => {
  it('reloads the current institution at the first check after its data is older than 300 000 ms', async () => {
    await setup();
    // Five checks (60 000 … 300 000 ms): the data is not older than its validity yet.
    for (let check = 1; check <= 5; check += 1) await passes(60_000);
    await act(async () => {});
    expect(countOf(A)).toBe(1);
    // Older from 300 001 ms on, but nothing looks until the sixth check, at 360 000 ms.
    await passes(59_999);
    await act(async () => {});
    expect(countOf(A)).toBe(1);
    await passes(1);
    await waitFor(() => expect(countOf(A)).toBe(2));
    // Only the current institution is checked (B, never selected, was never loaded whole).
    expect(countOf(B)).toBe(0);
  });

  it('checks every 60 000 ms from the selection, not when the data expires', async () => {
    const view = await setup();
    // Away to B and back to A after 10 000 ms (A fresh, not loaded again): A's checks now run
    // at 70 000, 130 000, … 310 000 ms.
    await passes(10_000);
    act(() => view.result.current.select(B));
    act(() => view.result.current.select(A));
    // A's data expires at 300 000 ms; the check at 250 000 ms found it valid, the next is at
    // 310 000 ms: nothing before it.
    await passes(299_999);
    await act(async () => {});
    expect(countOf(A)).toBe(1);
    await passes(1);
    await waitFor(() => expect(countOf(A)).toBe(2));
  });

  it('reloads an institution selected with data older than 300 000 ms, not one that is fresh', async () => {
    const view = await setup();
    // B was listed, never loaded whole: selecting it loads it.
    act(() => view.result.current.select(B));
    await waitFor(() => expect(countOf(B)).toBe(1));
    expect(view.result.current.currentInstitutionId).toBe(B);
    // Fresh: back to A and to B again within 300 000 ms of their loads loads nothing.
    await passes(300_000);
    act(() => view.result.current.select(A));
    act(() => view.result.current.select(B));
    await act(async () => {});
    expect([countOf(A), countOf(B)]).toEqual([1, 1]);
    // Stale: back to A 1 ms later (A's data now older than 300 000 ms) reloads A at once,
    // before any check (the next would be at 360 000 ms).
    await passes(1);
    act(() => view.result.current.select(A));
    await waitFor(() => expect(countOf(A)).toBe(2));
    expect(view.result.current.currentInstitutionId).toBe(A);
    // And A, just reloaded, is fresh again: choosing it again loads nothing.
    act(() => view.result.current.select(B));
    act(() => view.result.current.select(A));
    await act(async () => {});
    expect(countOf(A)).toBe(2);
  });
});

// A support user of hundreds of practices: a page load had asked GET /institution/{id} for each
// (301 requests, seconds until the dashboard, and the per-user rate limit after four page loads).
describe('useInstitutionSelection with hundreds of institutions', () => {
  const many = Array.from({ length: 300 }, (_, i) => ({
    institutionId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  }));

  it('loads the list once and the current institution whole, not each institution', async () => {
    const view = render(many);
    await waitFor(() => expect(view.result.current.isSettled).toBe(true));
    expect(listLoads).toBe(1);
    expect(loads).toEqual([many[0]!.institutionId]);
    expect(view.result.current.institutions).toHaveLength(300);
    expect(view.result.current.institutions[299]).toEqual({
      id: many[299]!.institutionId,
      name: nameOf(many[299]!.institutionId),
      trusted: false,
    });
    expect(view.result.current.currentInstitution?.users).toEqual([]);
  });

  it('reports a failed list once, and lists the current institution from its own load', async () => {
    listFails = true;
    const onLoadError = vi.fn();
    const view = render(many, onLoadError);
    await waitFor(() => expect(view.result.current.isSettled).toBe(true));
    expect(onLoadError).toHaveBeenCalledTimes(1);
    expect(onLoadError).toHaveBeenCalledWith(null);
    expect(view.result.current.institutions.map((i) => i.id)).toEqual([many[0]!.institutionId]);
    expect(view.result.current.failedInstitutionIds).toHaveLength(299);
    expect(view.result.current.failedInstitutionIds).not.toContain(many[0]!.institutionId);
  });

  it('asks for no list when the user has one institution', async () => {
    const view = render([{ institutionId: A }]);
    await waitFor(() => expect(view.result.current.isSettled).toBe(true));
    expect(listLoads).toBe(0);
    expect(loads).toEqual([A]);
    expect(view.result.current.institutions.map((i) => i.name)).toEqual(['Praxis Sonnenschein']);
  });
});

describe('useInstitutionSelection: a session that ended', () => {
  afterEach(() => setAccessTokenProvider(null));

  it('a reload the ended session held back is no load error (a tab left open overnight)', async () => {
    const onLoadError = vi.fn();
    const view = render(roles, onLoadError);
    await waitFor(() => expect(view.result.current.isSettled).toBe(true));
    // The night is over: the session hands out no token, the page waits for a new sign-in.
    let heldBack = 0;
    setAccessTokenProvider(async () => {
      heldBack += 1;
      throw Object.assign(new Error('Failed to refresh token'), { name: 'SessionOverError' });
    });
    await passes(360_000);
    await waitFor(() => expect(heldBack).toBeGreaterThan(0));
    // The failed reload settles a few turns later (real timeouts).
    for (let turn = 0; turn < 20; turn += 1) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
    // Not 'Es ist ein Fehler beim Laden der Institution aufgetreten' beside the notice that the
    // person is signed out: the institution shown stays.
    expect(onLoadError).not.toHaveBeenCalled();
    expect(view.result.current.failedInstitutionIds).toEqual([]);
    expect(view.result.current.currentInstitution?.name).toBe('Praxis Sonnenschein');
  });
});

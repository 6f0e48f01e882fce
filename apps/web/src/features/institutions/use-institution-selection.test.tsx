import { institution as institutionSchema } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractJson } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { useInstitutionSelection } from './use-institution-selection';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const roles = [{ institutionId: A }, { institutionId: B }];

/** GET /institution/{id} per id, in order. */
const loads: string[] = [];
const server = setupMswServer();
const countOf = (id: string) => loads.filter((loaded) => loaded === id).length;

beforeEach(() => {
  localStorage.clear();
  loads.length = 0;
  server.use(
    http.get('*/api/institution/:id', ({ params }) => {
      const id = params.id as string;
      loads.push(id);
      return contractJson(institutionSchema, {
        id,
        name: id === A ? 'Praxis Sonnenschein' : 'Zahnarztpraxis Dr. Müller',
        city: 'Bremen',
        postalcode: '28195',
        street: 'Am Markt 1',
        trusted: false,
        theme: null,
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

async function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useInstitutionSelection({ roles, queryInstitutionId: null }), {
    wrapper,
  });
  await waitFor(() => expect(view.result.current.isSettled).toBe(true));
  expect(view.result.current.currentInstitutionId).toBe(A);
  expect([...loads].sort()).toEqual([A, B]);
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
    // Only the current institution is checked.
    expect(countOf(B)).toBe(1);
  });

  it('checks every 60 000 ms from the selection, not when the data expires', async () => {
    const view = await setup();
    // Away to B and back to A after 10 000 ms (both fresh, nothing loads): A's checks now run
    // at 70 000, 130 000, … 310 000 ms.
    await passes(10_000);
    act(() => view.result.current.select(B));
    act(() => view.result.current.select(A));
    // A's data expires at 300 000 ms; the check at 250 000 ms found it valid, the next is at
    // 310 000 ms: nothing before it.
    await passes(299_999);
    await act(async () => {});
    expect([countOf(A), countOf(B)]).toEqual([1, 1]);
    await passes(1);
    await waitFor(() => expect(countOf(A)).toBe(2));
  });

  it('reloads an institution selected with data older than 300 000 ms, not one that is fresh', async () => {
    const view = await setup();
    // Fresh: selecting B after 300 000 ms (not older than its validity) loads nothing.
    await passes(300_000);
    act(() => view.result.current.select(B));
    await act(async () => {});
    expect(view.result.current.currentInstitutionId).toBe(B);
    expect(countOf(B)).toBe(1);
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

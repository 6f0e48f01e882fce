import { QueryObserver } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ordersQueryOptions } from '../features/orders/api/list-orders';
import { currentUserQueryOptions } from '../features/user/api/current-user';
import { createQueryClient } from '../lib/query-client';
import { setupMswServer } from '../test/msw-server';

const server = setupMswServer();

/** The features' loads use the app's retry rule (lib/query-client.ts), none turns it off. */
describe('loads of the features', () => {
  it('a load that meets a database restart (503, Retry-After: 1) shows its data, not an error', async () => {
    const answers = [
      HttpResponse.json(
        { type: 'about:blank', title: 'Service Unavailable', status: 503 },
        {
          status: 503,
          headers: { 'retry-after': '1', 'content-type': 'application/problem+json' },
        },
      ),
      HttpResponse.json([{ id: 'o1' }]),
    ];
    const calls = vi.fn();
    server.use(
      http.get('*/api/institution/i1/order', () => {
        calls();
        return answers.shift()!;
      }),
    );
    const queryClient = createQueryClient();
    const observer = new QueryObserver(queryClient, ordersQueryOptions('i1'));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual([{ id: 'o1' }]), {
      timeout: 3_000,
    });
    expect(observer.getCurrentResult().isError).toBe(false);
    expect(calls).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('the first load of the signed-in user rides over a lost connection instead of showing the error page', async () => {
    let failing = 2;
    server.use(
      http.post('*/api/user/ensureBackendUserExists', () =>
        failing-- > 0 ? HttpResponse.error() : HttpResponse.json({ id: 'u1' }),
      ),
      http.get('*/api/user/current', () => HttpResponse.json({ id: 'u1' })),
    );
    const queryClient = createQueryClient();
    const observer = new QueryObserver(queryClient, currentUserQueryOptions());
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ id: 'u1' }), {
      timeout: 5_000,
    });
    expect(failing).toBe(-1);
    unsubscribe();
  });
});

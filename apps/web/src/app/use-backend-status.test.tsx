import { ping } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../lib/after-paint';
import { IdentityChangedElsewhereError } from '../lib/impersonation-tokens';
import { createQueryClient } from '../lib/query-client';
import { contractJson } from '../test/contract-response';
import { setupMswServer } from '../test/msw-server';
import { HealthCheck, useIsBackendDown } from './use-backend-status';

const server = setupMswServer();

describe('HealthCheck', () => {
  it('asks GET /api/ping only once the first view has painted', async () => {
    const frames: FrameRequestCallback[] = [];
    const requestFrame = vi
      .spyOn(window, 'requestAnimationFrame')
      .mockImplementation((callback) => frames.push(callback));
    let pings = 0;
    server.use(
      http.get('*/api/ping', () => {
        pings += 1;
        return contractJson(ping, { status: 'ok' });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <HealthCheck />
      </QueryClientProvider>,
    );
    // Rendered and its effects run, but no frame painted yet: nothing asked.
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(pings).toBe(0);
    expect(frames).toHaveLength(1);

    // The frame's callback runs before its paint; the check follows in the next task.
    act(() => frames[0]!(performance.now()));
    await vi.waitFor(() => expect(pings).toBe(1));
    requestFrame.mockRestore();
  });
});

describe('afterNextPaint', () => {
  it('runs after the frame callback, and not at all once cancelled', async () => {
    const ran: string[] = [];
    afterNextPaint(() => ran.push('kept'));
    const cancel = afterNextPaint(() => ran.push('cancelled'));
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toEqual(['kept']);
  });
});

describe('useIsBackendDown', () => {
  async function bannerAfterFailedPing(error: Error) {
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: ['health', 'ping'],
        queryFn: () => Promise.reject(error),
        retry: false,
      })
      .catch(() => undefined);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(() => useIsBackendDown(), { wrapper }).result.current;
  }

  it('is true when the check failed to reach the server', async () => {
    expect(await bannerAfterFailedPing(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('is false when the session held the check back (a stale page sends nothing)', async () => {
    expect(await bannerAfterFailedPing(new IdentityChangedElsewhereError())).toBe(false);
  });
});

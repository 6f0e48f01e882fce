import { ping as pingSchema } from '@portal/contract';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractJson } from '../../../test/contract-response';
import { setupMswServer } from '../../../test/msw-server';
import { PING_TIMEOUT_MS, ping, pingQueryOptions } from './ping';

const server = setupMswServer();
afterEach(() => vi.useRealTimers());

describe('the health check', () => {
  it('answers the server status', async () => {
    server.use(http.get('*/api/ping', () => contractJson(pingSchema, { status: 'ok' })));
    await expect(ping()).resolves.toEqual({ status: 'ok' });
  });

  it('gives up after 10 s without an answer (a stalled server shows the banner)', async () => {
    expect(PING_TIMEOUT_MS).toBe(10_000);
    server.use(http.get('*/api/ping', () => new Promise<never>(() => {})));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outcome = ping().then(
      () => 'answered',
      () => 'failed',
    );
    await vi.advanceTimersByTimeAsync(PING_TIMEOUT_MS - 100);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await expect(outcome).resolves.toBe('failed');
  });

  it('runs offline too: the check fails there rather than waiting for the connection', () => {
    expect(pingQueryOptions().networkMode).toBe('always');
  });
});

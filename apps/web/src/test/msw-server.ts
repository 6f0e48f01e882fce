import { notifications } from '@mantine/notifications';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The MSW server of a component-test file: listens for the whole file, drops per-test handlers
 * and Mantine's notifications after each test.
 */
export function setupMswServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    notifications.clean();
    notifications.cleanQueue();
  });
  afterAll(() => server.close());
  return server;
}

import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/test-app';
import { listenPostgres } from './client';

/**
 * The listening connection on PostgreSQL, behind a proxy that can fall silent: it keeps every
 * connection open but passes no byte more, as a NAT or firewall that forgot the connection, or
 * a network partition, does. No error and no end arrive; only the heartbeat notices.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('LISTEN on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: Server;
  let proxyUrl: string;
  let isSilent = false;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'portal_listen');
    const target = new URL(scratch.url);
    proxy = createServer((inbound) => {
      const outbound = tcpConnect(Number(target.port || 5432), target.hostname);
      for (const [from, to] of [
        [inbound, outbound],
        [outbound, inbound],
      ] as const) {
        from.on('data', (chunk) => {
          if (!isSilent) to.write(chunk);
        });
        from.on('error', () => undefined);
        from.on('close', () => to.destroy());
      }
      sockets.push(inbound, outbound);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    if (!address || typeof address === 'string') throw new Error('no proxy port');
    const url = new URL(scratch.url);
    url.hostname = '127.0.0.1';
    url.port = String(address.port);
    proxyUrl = url.toString();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy.close(resolve));
    await scratch.drop();
  });

  const until = async (condition: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('a connection that falls silent counts as lost, and listening resumes once it is back', async () => {
    const events: string[] = [];
    const payloads: string[] = [];
    const stop = await listenPostgres(
      proxyUrl,
      'portal_listen_test',
      {
        onNotify: (payload) => payloads.push(payload),
        onReady: () => events.push('ready'),
        onLost: () => events.push('lost'),
      },
      { intervalMs: 100, timeoutMs: 1_000 },
    );
    const notifier = new pg.Client({ connectionString: scratch.url });
    await notifier.connect();
    try {
      expect(events).toEqual(['ready']);
      await notifier.query(`select pg_notify('portal_listen_test', 'eins')`);
      await until(() => payloads.includes('eins'), 2_000);

      isSilent = true;
      // No error, no end: the beat without an answer tells.
      await until(() => events.includes('lost'), 4_000);
      await notifier.query(`select pg_notify('portal_listen_test', 'zwei')`);

      isSilent = false;
      // Back: listening again after the loss (reconnected a second later).
      await until(() => events.at(-1) === 'ready' && events.includes('lost'), 8_000);
      await notifier.query(`select pg_notify('portal_listen_test', 'drei')`);
      await until(() => payloads.includes('drei'), 2_000);
      // What was sent while silent is lost for good: the caches were not served meanwhile.
      expect(payloads).not.toContain('zwei');
    } finally {
      await notifier.end();
      await stop();
    }
  });
});

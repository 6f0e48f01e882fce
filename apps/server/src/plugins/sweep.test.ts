import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery, sweepEvery } from './sweep';

/** A promise with its resolve and reject at hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('periodic sweeps', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every interval; a run that fails is logged and the next one runs all the same', async () => {
    const logged: { object: object; message: string }[] = [];
    const log = { warn: (object: object, message: string) => logged.push({ object, message }) };
    let runs = 0;
    const failure = new Error('Datenbank weg');
    const { stop } = repeatEvery(
      1_000,
      async () => {
        runs += 1;
        if (runs === 1) throw failure;
      },
      log,
      'token sweep',
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    expect(logged).toEqual([{ object: { err: failure }, message: 'token sweep failed' }]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(3);
    expect(logged).toHaveLength(1);
    await stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
  });

  it('does not start a run while the last one is still going, and the stop waits for it', async () => {
    const log = { warn: vi.fn() };
    const slow = deferred();
    let runs = 0;
    const { stop } = repeatEvery(
      100,
      () => {
        runs += 1;
        return slow.promise;
      },
      log,
      'sweep',
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    slow.resolve();
    await stopping;
    expect(stopped).toBe(true);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('with atReady, sweeps once before the server serves; a failure there does not stop the start', async () => {
    vi.useRealTimers();
    const app = Fastify({ logger: false });
    const warn = vi.spyOn(app.log, 'warn');
    let runs = 0;
    sweepEvery(
      app,
      'account token sweep',
      60_000,
      async () => {
        runs += 1;
        throw new Error('noch nicht da');
      },
      { atReady: true },
    );
    await app.ready();
    expect(runs).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'account token sweep failed');
    await app.close();
  });

  it('without atReady, waits for the first interval; closing the server stops the timer after a running sweep ended', async () => {
    const app = Fastify({ logger: false });
    const slow = deferred();
    let runs = 0;
    sweepEvery(app, 'identity sweep', 1_000, () => {
      runs += 1;
      return slow.promise;
    });
    await app.ready();
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    slow.resolve();
    await closing;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { NotifiedCache } from './notified-cache';

describe('NotifiedCache', () => {
  it('serves from memory only while live, and forgets an invalidated key', async () => {
    const cache = new NotifiedCache<string>();
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.get('a', load)).toBe('value 1');
    expect(await cache.get('a', load)).toBe('value 2'); // not live: nothing kept
    cache.setLive(true);
    expect(await cache.get('a', load)).toBe('value 3');
    expect(await cache.get('a', load)).toBe('value 3');
    cache.invalidate('b');
    expect(await cache.get('a', load)).toBe('value 3');
    cache.invalidate('a');
    expect(await cache.get('a', load)).toBe('value 4');
    cache.invalidate('*');
    expect(await cache.get('a', load)).toBe('value 5');
    cache.setLive(false);
    expect(await cache.get('a', load)).toBe('value 6');
  });

  it('peeks at what memory holds, only while live, never loading', async () => {
    const cache = new NotifiedCache<string>();
    await cache.get('a', async () => 'a1');
    expect(cache.peek('a')).toBeUndefined(); // not live: nothing kept
    cache.setLive(true);
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', async () => 'a2');
    expect(cache.peek('a')).toBe('a2');
    cache.invalidate('a');
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a', async () => 'a3');
    cache.setLive(false);
    expect(cache.peek('a')).toBeUndefined();
  });

  it('answers a kept value at once (null too), and anything else through a load', async () => {
    const cache = new NotifiedCache<string | null>();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return null;
    };
    const first = cache.current('a', load);
    expect(first).toBeInstanceOf(Promise); // not live: loaded every time
    expect(await first).toBeNull();
    cache.setLive(true);
    expect(await cache.current('a', load)).toBeNull();
    expect(cache.current('a', load)).toBeNull(); // kept: no promise, no load
    expect(loads).toBe(2);
    cache.invalidate('a');
    const reloaded = cache.current('a', async () => 'b');
    expect(reloaded).toBeInstanceOf(Promise);
    expect(await reloaded).toBe('b');
    expect(cache.current('a', load)).toBe('b');
    expect(loads).toBe(2);
  });

  it('does not keep a load that raced with a change, and shares a load under way', async () => {
    const cache = new NotifiedCache<string>();
    cache.setLive(true);
    let release: (value: string) => void = () => undefined;
    const slow = () => new Promise<string>((resolve) => (release = resolve));
    const first = cache.get('a', slow);
    const second = cache.get('a', async () => 'never');
    cache.invalidate('a'); // the row changed while it was read
    release('stale');
    expect(await first).toBe('stale');
    expect(await second).toBe('stale');
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
    expect(cache.size).toBe(1);
  });

  it('forgets several keys at once, and even an empty list drops the loads under way', async () => {
    const cache = new NotifiedCache<string>();
    cache.setLive(true);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    cache.forget(['a', 'b']);
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
    let release: (value: string) => void = () => undefined;
    const racing = cache.get('c', () => new Promise<string>((resolve) => (release = resolve)));
    cache.forget([]); // a change to a key this cache never saw may still concern the load
    release('stale');
    expect(await racing).toBe('stale');
    expect(await cache.get('c', async () => 'fresh')).toBe('fresh');
  });

  it('does not keep failures, and starts over beyond its size', async () => {
    const cache = new NotifiedCache<string>(2);
    cache.setLive(true);
    await expect(cache.get('x', async () => Promise.reject(new Error('gone')))).rejects.toThrow();
    expect(await cache.get('x', async () => 'back')).toBe('back');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    expect(cache.size).toBe(1);
  });
});

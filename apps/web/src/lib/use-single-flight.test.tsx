import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight } from './use-single-flight';

describe('useSingleFlight', () => {
  it('runs an action once while it runs, and again once it has ended (also after a failure)', async () => {
    const { result } = renderHook(() => useSingleFlight());
    let calls = 0;
    let finish!: (ok: boolean) => void;
    const action = () =>
      new Promise<void>((resolve, reject) => {
        calls += 1;
        finish = (ok) => (ok ? resolve() : reject(new Error('nein')));
      });
    act(() => {
      result.current(action);
      result.current(action);
    });
    expect(calls).toBe(1);
    await act(async () => finish(false));
    act(() => result.current(action));
    expect(calls).toBe(2);
    await act(async () => finish(true));
  });
});

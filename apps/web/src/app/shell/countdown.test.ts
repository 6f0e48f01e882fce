import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COUNTDOWN_STEP_MS,
  nextRemaining,
  RESTRICTED_USER_COUNTDOWN_SECONDS,
  startCountdown,
} from './countdown';

describe('nextRemaining', () => {
  it.each([
    [5, 4],
    [1, 0],
    [0, 0],
    [-3, 0],
  ])('after %i comes %i', (remaining, expected) => {
    expect(nextRemaining(remaining)).toBe(expected);
  });
});

describe('startCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down from 5 in steps of 1000 ms: 5000 ms in total', () => {
    expect(RESTRICTED_USER_COUNTDOWN_SECONDS).toBe(5);
    expect(COUNTDOWN_STEP_MS).toBe(1000);
    const ticks: number[] = [];
    const onElapsed = vi.fn();
    startCountdown({ from: 5, onTick: (n) => ticks.push(n), onElapsed });

    vi.advanceTimersByTime(999);
    expect(ticks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ticks).toEqual([4]);
    vi.advanceTimersByTime(3000);
    expect(ticks).toEqual([4, 3, 2, 1]);
    expect(onElapsed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(ticks).toEqual([4, 3, 2, 1, 0]);
    expect(onElapsed).toHaveBeenCalledTimes(1);
  });

  it('calls onElapsed exactly once, however long the time runs on', () => {
    const onElapsed = vi.fn();
    startCountdown({ from: 5, onElapsed });
    vi.advanceTimersByTime(60_000);
    expect(onElapsed).toHaveBeenCalledTimes(1);
  });

  it('does nothing more once stopped', () => {
    const onElapsed = vi.fn();
    const stop = startCountdown({ from: 5, onElapsed });
    vi.advanceTimersByTime(4000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(onElapsed).not.toHaveBeenCalled();
  });
});

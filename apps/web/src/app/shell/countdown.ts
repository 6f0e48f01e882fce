import { useEffect, useRef, useState } from 'react';

/** Restricted-user auto-logout: counts down from 5, one step per second (5000 ms in total). */
export const RESTRICTED_USER_COUNTDOWN_SECONDS = 5;
export const COUNTDOWN_STEP_MS = 1000;

export interface CountdownOptions {
  /** Whole seconds to count down from; values below 1 elapse on the first step. */
  from: number;
  stepMs?: number;
  /** Called with the seconds left after every step (from - 1 … 0). */
  onTick?(remaining: number): void;
  /** Called exactly once, when 0 is reached. */
  onElapsed(): void;
}

/** The seconds left after one more step; never below 0. */
export function nextRemaining(remaining: number): number {
  return Math.max(0, Math.floor(remaining) - 1);
}

/**
 * Starts a countdown on the timer functions of the environment and returns a function that stops
 * it. `onElapsed` runs exactly once, after `from * stepMs` milliseconds, unless stopped before.
 */
export function startCountdown({
  from,
  stepMs = COUNTDOWN_STEP_MS,
  onTick,
  onElapsed,
}: CountdownOptions): () => void {
  let remaining = Math.max(0, Math.floor(from));
  let stopped = false;
  const id = setInterval(() => {
    if (stopped) return;
    remaining = nextRemaining(remaining);
    onTick?.(remaining);
    if (remaining === 0) {
      stopped = true;
      clearInterval(id);
      onElapsed();
    }
  }, stepMs);
  return () => {
    stopped = true;
    clearInterval(id);
  };
}

/**
 * The seconds left of a countdown that starts when the component mounts; `onElapsed` runs once
 * at 0 (a new callback identity does not restart the countdown).
 */
export function useCountdown(from: number, onElapsed: () => void, stepMs = COUNTDOWN_STEP_MS) {
  const [remaining, setRemaining] = useState(from);
  const onElapsedRef = useRef(onElapsed);
  const hasElapsedRef = useRef(false);

  useEffect(() => {
    onElapsedRef.current = onElapsed;
  }, [onElapsed]);

  useEffect(() => {
    if (hasElapsedRef.current) return;
    setRemaining(from);
    return startCountdown({
      from,
      stepMs,
      onTick: setRemaining,
      onElapsed: () => {
        if (hasElapsedRef.current) return;
        hasElapsedRef.current = true;
        onElapsedRef.current();
      },
    });
  }, [from, stepMs]);

  return remaining;
}

import { type RefObject, useEffect, useRef } from 'react';

/**
 * Moves the keyboard focus to what `targets` names for the current `step` whenever the step
 * changes from another named step (not on the first render, nor when leaving a step not
 * named, such as loading): a button that starts or cancels a step disappears with
 * it, and the focus would otherwise fall back to the page's start.
 */
export function useFocusOnStep<Step extends string>(
  step: Step,
  targets: Partial<Record<Step, RefObject<HTMLElement | null>>>,
): void {
  const previous = useRef(step);
  useEffect(() => {
    const from = previous.current;
    if (from === step) return;
    previous.current = step;
    // Only between the steps named: not when the data first arrives (from a loading state).
    if (from in targets) targets[step]?.current?.focus();
  });
}

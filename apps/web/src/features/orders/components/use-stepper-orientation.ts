import { useMatches } from '@mantine/core';

/**
 * The orientation of a status page's stepper: on a phone the steps stand one below the other
 * (side by side they wrapped, each trailing a connector to nothing); from Mantine's sm
 * breakpoint on, side by side.
 */
export const useStepperOrientation = () =>
  useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });

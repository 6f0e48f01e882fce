import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Box, Loader, type LoaderProps, VisuallyHidden } from '@mantine/core';

/**
 * A spinner screen readers hear: a status region with `label` as hidden text (a label on the
 * spinner alone, a plain span, is not read).
 */
export function LoadingStatus({ label, size }: { label: string; size?: LoaderProps['size'] }) {
  return (
    <Box role="status">
      <Loader size={size} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Box>
  );
}

import '@mantine/core/styles/VisuallyHidden.css';
import { Box, Loader, type LoaderProps, VisuallyHidden } from '@mantine/core';
import { documents as t } from '../../../messages/de';

/**
 * A spinner screen readers hear: a status region ("Dokumente werden geladen …" as hidden text;
 * a label on the spinner alone, a plain span, is not read).
 */
export function LoadingStatus({ size }: { size?: LoaderProps['size'] }) {
  return (
    <Box role="status">
      <Loader size={size} aria-hidden="true" />
      <VisuallyHidden>{t.loading}</VisuallyHidden>
    </Box>
  );
}

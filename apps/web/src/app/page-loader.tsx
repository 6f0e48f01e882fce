import '@mantine/core/styles/Center.css';
import { Center } from '@mantine/core';
import { LoadingStatus } from '../components/loading-status';
import { app } from '../messages/de';

/**
 * The page-sized spinner shown while a route or its data loads; screen readers hear 'Wird
 * geladen …' (a status region's aria-label alone is not read).
 */
export function PageLoader() {
  return (
    <Center mih={200}>
      <LoadingStatus label={app.loading} />
    </Center>
  );
}

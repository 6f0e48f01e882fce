import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import { Center, Loader } from '@mantine/core';
import { app } from '../messages/de';

/** The page-sized spinner shown while a route or its data loads. */
export function PageLoader() {
  return (
    <Center mih={200} role="status" aria-label={app.loading}>
      <Loader />
    </Center>
  );
}

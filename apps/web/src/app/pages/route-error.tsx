import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import { Alert, Button, Container, Group } from '@mantine/core';
import { Link, useRouteError } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { app } from '../../messages/de';
import { useServices } from '../services';

/** Shown when a route fails to load or render (e.g. a chunk vanished after an update). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Container size="sm" py="xl">
      <main>
        <Alert color="red" role="alert" title={app.pageError}>
          <Group mt="sm">
            <Button component={Link} to="/dashboard" variant="light">
              {app.toDashboard}
            </Button>
            <Button variant="subtle" onClick={() => window.location.reload()}>
              {app.reload}
            </Button>
          </Group>
        </Alert>
      </main>
    </Container>
  );
}

/**
 * Whether a route failed because its code could not be loaded: the browsers' messages for a
 * dynamic import that failed (the file is gone after an update, or there is no connection).
 */
export function isCodeLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|module script failed|error loading dynamically|unable to preload css/i.test(
      error.message,
    )
  );
}

/**
 * A signed-in page that failed to load or render, inside the portal's frame (top bar, sidebar,
 * banners stay; any navigation leaves it): a code file that could not be loaded says why and
 * offers a reload, anything else the general message.
 */
export function PageErrorInShell() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const isLoadFailure = isCodeLoadFailure(error);
  return (
    <>
      <PageHeader title={isLoadFailure ? app.pageLoadFailed : app.pageError} />
      <Alert color="red" role="alert">
        {isLoadFailure ? app.pageLoadFailedHint : app.pageErrorHint}
        <Group mt="sm">
          <Button variant="light" onClick={() => window.location.reload()}>
            {app.reload}
          </Button>
          <Button component={Link} to="/dashboard" variant="subtle">
            {app.toDashboard}
          </Button>
        </Group>
      </Alert>
    </>
  );
}

/** The code from the identity provider could not be redeemed. */
export function SigninCallbackError() {
  const { session } = useServices();
  return (
    <Container size="sm" py="xl">
      <main>
        <Alert color="red" role="alert" title={app.signInFailed}>
          <Button mt="sm" variant="light" onClick={() => void session.signIn('/')}>
            {app.signInAgain}
          </Button>
        </Alert>
      </main>
    </Container>
  );
}

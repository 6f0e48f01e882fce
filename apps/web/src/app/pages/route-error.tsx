import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import { Alert, Button, Container, Group } from '@mantine/core';
import { Link, useRouteError } from 'react-router';
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

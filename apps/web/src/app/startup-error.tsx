import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import { Alert, Button, Container, MantineProvider } from '@mantine/core';
import { app } from '../messages/de';
import { portalCssVariables, portalTheme } from './theme';

/** The runtime configuration could not be loaded: nothing else can start. */
export function StartupError() {
  return (
    <MantineProvider
      theme={portalTheme}
      cssVariablesResolver={portalCssVariables}
      forceColorScheme="light"
    >
      <Container size="sm" py="xl">
        <main>
          <h1>{app.title}</h1>
          <Alert color="red" role="alert" title={app.startupFailed}>
            <Button mt="sm" variant="light" onClick={() => window.location.reload()}>
              {app.reload}
            </Button>
          </Alert>
        </main>
      </Container>
    </MantineProvider>
  );
}

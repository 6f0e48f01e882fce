import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { type AppServices, ServicesProvider } from './services';
import { portalCssVariables, portalTheme } from './theme';

/**
 * The notifications container (bottom-right, 3000 ms, limited, duplicates prevented; see
 * components/notifications). Loaded after the first paint: nothing is notified before.
 */
const AppNotifications = lazy(() =>
  import('../components/notifications').then((module) => ({ default: module.AppNotifications })),
);

export interface AppProvidersProps {
  services: AppServices;
  /** `test` turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Theme, server state, and the auth context (`useServices().session`). */
export function AppProviders({ services, env, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={portalTheme} cssVariablesResolver={portalCssVariables} env={env}>
      <Suspense fallback={null}>
        <AppNotifications />
      </Suspense>
      <QueryClientProvider client={services.queryClient}>
        <ServicesProvider services={services}>{children}</ServicesProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

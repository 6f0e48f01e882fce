import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotificationsHost } from '../components/notifications-host';
import { type AppServices, ServicesProvider } from './services';
import { portalCssVariables, portalTheme } from './theme';

export interface AppProvidersProps {
  services: AppServices;
  /** `test` turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Theme, server state, and the auth context (`useServices().session`). */
export function AppProviders({ services, env, children }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={portalTheme}
      cssVariablesResolver={portalCssVariables}
      forceColorScheme="light"
      env={env}
    >
      {/* The notifications container (components/notifications) mounts with the first toast. */}
      <NotificationsHost />
      <QueryClientProvider client={services.queryClient}>
        <ServicesProvider services={services}>{children}</ServicesProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

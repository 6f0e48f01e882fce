import type { PublicConfig } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import type { Session } from '../lib/oidc';

/** What the app is built from: created once in main.tsx (tests pass stubs). */
export interface AppServices {
  session: Session;
  queryClient: QueryClient;
  config: PublicConfig;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs <ServicesProvider>');
  return services;
}

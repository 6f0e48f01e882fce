import type { Institution, User } from '@portal/contract';
import { createContext, useContext } from 'react';

/** The signed-in user and the institution they work in; provided by the root layout. */
export interface AppContextValue {
  user: User;
  institutions: Institution[];
  currentInstitutionId: string | null;
  currentInstitution: Institution | null;
  isLoadingCurrentInstitution: boolean;
  selectInstitution(institutionId: string): void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext needs the signed-in root layout');
  return value;
}

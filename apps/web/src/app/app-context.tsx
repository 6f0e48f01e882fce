import type { Institution, InstitutionSummary, User } from '@portal/contract';
import { createContext, useContext } from 'react';
import type { Permissions } from './model/permissions';

/** The signed-in user and the institution they work in; provided by the root layout. */
export interface AppContextValue {
  user: User;
  /** The user's institutions as the switcher lists them (the whole one: currentInstitution). */
  institutions: InstitutionSummary[];
  currentInstitutionId: string | null;
  currentInstitution: Institution | null;
  isLoadingCurrentInstitution: boolean;
  /** The last load of the current institution failed (the shell shows its error bar). */
  hasCurrentInstitutionLoadError: boolean;
  /** Loads the current institution again (the error bar's 'Erneut laden', and Unternehmen's). */
  reloadCurrentInstitution(): void;
  /** That load is under way. */
  isReloadingCurrentInstitution: boolean;
  /** What the user may do in the current institution (`permissions()`, computed once). */
  permissions: Permissions;
  /**
   * Switches the institution (not while impersonating); while a page has unsaved changes it asks
   * first (Ungespeicherte Änderungen).
   */
  selectInstitution(institutionId: string): void;
  /** A page with unsaved changes (the tile editor, Unternehmen) says whether it has any right now. */
  reportUnsavedChanges(hasUnsavedChanges: boolean): void;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext needs the signed-in root layout');
  return value;
}

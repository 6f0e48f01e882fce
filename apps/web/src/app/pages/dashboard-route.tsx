import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { useAppContext } from '../app-context';

/** The dashboard with the current institution of the signed-in layout. */
export function DashboardRoute() {
  const { currentInstitution } = useAppContext();
  return <DashboardPage institutionName={currentInstitution?.name ?? null} />;
}

import { useQuery } from '@tanstack/react-query';
import { IdentificationPage } from '../../features/account/identification-page';
import { currentUserQueryOptions } from '../../features/user/api/current-user';
import { useAppContext } from '../app-context';
import { useBreadcrumbs } from '../breadcrumbs';

/** Identifikation: the status loads again after each successful load of the current user. */
export function IdentificationRoute() {
  const { user } = useAppContext();
  const { dataUpdatedAt } = useQuery(currentUserQueryOptions());
  const breadcrumbs = useBreadcrumbs();
  return (
    <IdentificationPage userId={user.id} userLoadedAt={dataUpdatedAt} breadcrumbs={breadcrumbs} />
  );
}

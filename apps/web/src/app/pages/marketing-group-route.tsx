import { useParams } from 'react-router';
import { MarketingGroupPage } from '../../features/dashboard/marketing-group-page';
import { useAppContext } from '../app-context';
import { useBreadcrumbs } from '../breadcrumbs';

/** /marketing-group/{group} with the current institution. */
export function MarketingGroupRoute() {
  const { currentInstitutionId } = useAppContext();
  const { group = '' } = useParams();
  const breadcrumbs = useBreadcrumbs();
  return (
    <MarketingGroupPage
      institutionId={currentInstitutionId}
      groupName={group}
      breadcrumbs={breadcrumbs}
    />
  );
}

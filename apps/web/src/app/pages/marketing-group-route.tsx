import { useParams } from 'react-router';
import { MarketingGroupPage } from '../../features/dashboard/marketing-group-page';
import { useOrders } from '../../features/orders/api/list-orders';
import { useAppContext } from '../app-context';
import { useBreadcrumbs } from '../breadcrumbs';

/** /marketing-group/{group} with the current institution and its orders (another feature). */
export function MarketingGroupRoute() {
  const { currentInstitutionId } = useAppContext();
  const { group = '' } = useParams();
  const breadcrumbs = useBreadcrumbs();
  // The dashboard's order list (usually cached from it): bank tiles link by their order.
  const orders = useOrders(currentInstitutionId ?? undefined);
  return (
    <MarketingGroupPage
      institutionId={currentInstitutionId}
      groupName={group}
      breadcrumbs={breadcrumbs}
      orders={orders.data}
    />
  );
}

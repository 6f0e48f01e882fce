import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { useDocumentMetadata } from '../../features/documents/api/document-metadata';
import { documentTypeLabel } from '../../features/documents/model/document-types';
import { useOrders } from '../../features/orders/api/list-orders';
import { useAppContext } from '../app-context';

/**
 * The dashboard with the current institution of the signed-in layout; the order list and the
 * document counts (other features) are loaded here and passed in (features never import each
 * other).
 */
export function DashboardRoute() {
  const { currentInstitution, currentInstitutionId, institutions } = useAppContext();
  const orders = useOrders(currentInstitutionId ?? undefined);
  const documents = useDocumentMetadata(currentInstitutionId ?? undefined);
  // A first load that failed (not a failed reload: the tiles it gave stay): its tiles are missing.
  const failed = [orders, documents].filter((query) => query.isError && !query.data);
  return (
    <DashboardPage
      institutionId={currentInstitutionId}
      institutionName={currentInstitution?.name ?? null}
      isTrusted={currentInstitution?.trusted ?? false}
      orders={orders.data}
      documents={documents.data}
      documentLabel={documentTypeLabel}
      hasOtherInstitutions={institutions.length > 1}
      hasSupportContacts={(currentInstitution?.supportContacts.length ?? 0) > 0}
      failedLoad={
        failed.length === 0
          ? null
          : {
              isRetrying: failed.some((query) => query.isFetching),
              retry: () => {
                for (const query of failed) void query.refetch();
              },
            }
      }
    />
  );
}

import type { QueryClient } from '@tanstack/react-query';
import { documentMetadataQueryOptions } from '../features/documents/api/document-metadata';
import { isDocumentType } from '../features/documents/model/document-types';

/**
 * The data pages other than the dashboard show in their first view, for the guard to wait for
 * (startup-prefetch.ts lists the paths): without it they opened with loading states and then
 * grew (Mein Konto and the Kundencenter moved by a sixth of the screen, the document tabs when
 * their counts came). Each page's queries come from its feature, loaded as its route loads it.
 */
export async function loadPageData(
  queryClient: QueryClient,
  url: URL,
  institutionId: string,
  userId: string,
): Promise<void> {
  switch (url.pathname) {
    case '/account': {
      const { accountDataQueryOptions } = await import('../features/account/api/account-data');
      await queryClient.ensureQueryData(accountDataQueryOptions(userId));
      return;
    }
    case '/customer-overview': {
      const { ensureCustomerOverviewData } = await import('../features/orders/api/orders-api');
      await ensureCustomerOverviewData(queryClient, institutionId);
      return;
    }
    case '/document': {
      // The type tabs with their unread counts, and the list of a known type (the page asks for
      // no list of an unknown one).
      const documentType = url.searchParams.get('documentType');
      await Promise.allSettled([
        queryClient.ensureQueryData(documentMetadataQueryOptions(institutionId)),
        isDocumentType(documentType) &&
          import('../features/documents/api/documents').then(({ documentListQueryOptions }) =>
            queryClient.ensureQueryData(documentListQueryOptions(institutionId, documentType)),
          ),
      ]);
      return;
    }
  }
}

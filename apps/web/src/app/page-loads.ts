import type { QueryClient } from '@tanstack/react-query';
import { documentMetadataQueryOptions } from '../features/documents/api/document-metadata';
import { isDocumentType } from '../features/documents/model/document-types';

type PageLoad = (
  queryClient: QueryClient,
  url: URL,
  institutionId: string,
  userId: string,
) => Promise<unknown>;

/**
 * The data pages other than the dashboard show in their first view, for the guard to wait for
 * (`PAGES_WITH_DATA` in startup-prefetch.ts names the same paths; a test holds them equal):
 * without it they opened with loading states and then grew (Mein Konto and the Kundencenter
 * moved by a sixth of the screen, the document tabs when their counts came). Each page's
 * queries come from its feature, loaded as its route loads it.
 */
export const PAGE_LOADS: Record<string, PageLoad> = {
  '/account': async (queryClient, _url, _institutionId, userId) => {
    const { accountDataQueryOptions } = await import('../features/account/api/account-data');
    return queryClient.ensureQueryData(accountDataQueryOptions(userId));
  },
  '/customer-overview': async (queryClient, _url, institutionId) => {
    const { ensureCustomerOverviewData } = await import('../features/orders/api/orders-api');
    return ensureCustomerOverviewData(queryClient, institutionId);
  },
  // The type tabs with their unread counts, and the list of a known type (the page asks for no
  // list of an unknown one).
  '/document': (queryClient, url, institutionId) => {
    const documentType = url.searchParams.get('documentType');
    return Promise.allSettled([
      queryClient.ensureQueryData(documentMetadataQueryOptions(institutionId)),
      isDocumentType(documentType) &&
        import('../features/documents/api/documents').then(({ documentListQueryOptions }) =>
          queryClient.ensureQueryData(documentListQueryOptions(institutionId, documentType)),
        ),
    ]);
  },
};

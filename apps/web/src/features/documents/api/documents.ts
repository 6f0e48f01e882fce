import type { PortalDocument } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiGetBlob, type DownloadProgress } from '../../../lib/api-client';

/** The prefix of every document list of one institution (all types). */
export const documentListsQueryKey = (institutionId: string) =>
  ['documents', 'list', institutionId] as const;

export const documentListQueryKey = (institutionId: string, documentType: string) =>
  [...documentListsQueryKey(institutionId), documentType] as const;

export const documentListQueryOptions = (institutionId: string, documentType: string) =>
  queryOptions({
    queryKey: documentListQueryKey(institutionId, documentType),
    queryFn: ({ signal }) =>
      apiGet<PortalDocument[]>(
        `/institution/${encodeURIComponent(institutionId)}/document?documentType=${encodeURIComponent(documentType)}`,
        signal,
      ),
  });

export const downloadDocument = (
  institutionId: string,
  documentId: string,
  onProgress?: (progress: DownloadProgress) => void,
) =>
  apiGetBlob(
    `/institution/${encodeURIComponent(institutionId)}/document/${encodeURIComponent(documentId)}`,
    undefined,
    onProgress,
  );

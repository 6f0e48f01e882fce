import type { DocumentMetadata } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const documentMetadataQueryKey = (institutionId: string) =>
  ['documents', 'metadata', institutionId] as const;

export const fetchDocumentMetadata = (institutionId: string, signal?: AbortSignal) =>
  apiGet<DocumentMetadata[]>(
    `/documents/metadata?institution=${encodeURIComponent(institutionId)}`,
    signal,
  );

/** Counts per document type for the calling user (`GET /api/documents/metadata`). */
export const documentMetadataQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: documentMetadataQueryKey(institutionId),
    queryFn: ({ signal }) => fetchDocumentMetadata(institutionId, signal),
  });

export const useDocumentMetadata = (institutionId: string | undefined) =>
  useQuery({
    ...documentMetadataQueryOptions(institutionId ?? ''),
    enabled: Boolean(institutionId),
  });

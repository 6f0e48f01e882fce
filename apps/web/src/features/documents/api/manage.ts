import type {
  DocumentUpdate,
  DocumentUploadMetadata,
  PortalDocument,
  Problem,
  Relationship,
} from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import {
  API_BASE,
  ApiError,
  accessTokenFor,
  apiGet,
  apiRequest,
  noteRefusal,
} from '../../../lib/api-client';

const enc = encodeURIComponent;

/** The relationships of the current institution; `owner: true` ones are its customers. */
export const relationshipsQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: ['documents', 'relationships', institutionId],
    queryFn: ({ signal }) =>
      apiGet<Relationship[]>(`/institution/${enc(institutionId)}/relationship`, signal),
  });

/** `GET /institution/{iid}/business_case/{bcid}/document?documentType=`. */
export const fetchCaseDocuments = (
  institutionId: string,
  businessCaseId: string,
  documentType: string,
  signal?: AbortSignal,
) =>
  apiGet<PortalDocument[]>(
    `/institution/${enc(institutionId)}/business_case/${enc(businessCaseId)}/document?documentType=${enc(documentType)}`,
    signal,
  );

export const updateDocument = (institutionId: string, documentId: string, body: DocumentUpdate) =>
  apiRequest<PortalDocument>(`/institution/${enc(institutionId)}/document/${enc(documentId)}`, {
    method: 'PUT',
    body,
  });

export const deleteDocument = (institutionId: string, documentId: string) =>
  apiRequest<void>(`/institution/${enc(institutionId)}/document/${enc(documentId)}`, {
    method: 'DELETE',
  });

/** The failure of an upload that never got an answer (connection cut). */
export class UploadConnectionError extends Error {
  constructor() {
    super('connection lost');
    this.name = 'UploadConnectionError';
  }
}

/**
 * `POST /institution/{iid}/business_case/{bcid}/document` as multipart (`file` and the JSON
 * `metadata` field), through XMLHttpRequest so the progress of each file can be shown.
 * Non-2xx rejects with ApiError (with the problem's German reason), no answer with
 * UploadConnectionError. `uploadKey` goes along as the Idempotency-Key: the same file sent again
 * with it (after a lost answer) is not stored a second time. `signal` stops the upload (the
 * connection is closed, the server stores nothing) and rejects with an AbortError.
 */
export async function uploadDocument(
  institutionId: string,
  businessCaseId: string,
  file: File,
  metadata: DocumentUploadMetadata,
  onProgress: (fraction: number) => void,
  { uploadKey, signal }: { uploadKey?: string; signal?: AbortSignal } = {},
): Promise<PortalDocument> {
  const url = `${API_BASE}/institution/${enc(institutionId)}/business_case/${enc(businessCaseId)}/document`;
  const body = new FormData();
  const { description, ...rest } = metadata;
  // The description is sent only if it is not empty (spec section 3).
  body.append('metadata', JSON.stringify(description ? { ...rest, description } : rest));
  body.append('file', file, file.name);
  const token = await accessTokenFor(url);
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const stop = () => request.abort();
    signal?.addEventListener('abort', stop, { once: true });
    const settle = () => signal?.removeEventListener('abort', stop);
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    if (uploadKey) request.setRequestHeader('Idempotency-Key', uploadKey);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      settle();
      let parsed: unknown;
      try {
        parsed = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        parsed = request.responseText;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(parsed as PortalDocument);
      } else {
        const problem =
          typeof parsed === 'object' && parsed !== null && 'title' in parsed
            ? (parsed as Problem)
            : null;
        noteRefusal(url, request.status);
        reject(new ApiError(request.status, problem, parsed));
      }
    };
    request.onerror = () => {
      settle();
      reject(new UploadConnectionError());
    };
    request.onabort = () => {
      settle();
      reject(
        signal?.aborted
          ? new DOMException('upload stopped', 'AbortError')
          : new UploadConnectionError(),
      );
    };
    request.send(body);
  });
}

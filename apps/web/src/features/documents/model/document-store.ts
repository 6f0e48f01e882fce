/**
 * The document store rules of spec section 4 as a pure model: keyed by business case id; a
 * loading flag, an uploading flag, per-business-case errors, upload results and a loading-all
 * error. A load error sets the global error flag; the per-case error set grows on failure and
 * clears on a successful load of that case; multiple uploads each record success or failure.
 */
export interface UploadResult {
  fileName: string;
  success: boolean;
  message: string;
}

export interface DocumentStoreState<D> {
  byBusinessCase: Record<string, D[]>;
  loading: boolean;
  uploading: boolean;
  businessCaseErrors: string[];
  uploadResults: UploadResult[];
  loadAllError: boolean;
}

export type DocumentStoreEvent<D> =
  | { type: 'loadAllStarted' }
  | { type: 'loadAllSucceeded'; byBusinessCase: Record<string, D[]> }
  | { type: 'loadAllFailed' }
  | { type: 'loadAllHeldBack' }
  | { type: 'loadCaseStarted'; businessCaseId: string }
  | { type: 'loadCaseSucceeded'; businessCaseId: string; documents: D[] }
  | { type: 'loadCaseFailed'; businessCaseId: string }
  | { type: 'uploadsStarted' }
  | { type: 'uploadFinished'; result: UploadResult }
  | { type: 'uploadsFinished' };

export const initialDocumentStore = <D>(): DocumentStoreState<D> => ({
  byBusinessCase: {},
  loading: false,
  uploading: false,
  businessCaseErrors: [],
  uploadResults: [],
  loadAllError: false,
});

export function documentStoreReducer<D>(
  state: DocumentStoreState<D>,
  event: DocumentStoreEvent<D>,
): DocumentStoreState<D> {
  switch (event.type) {
    case 'loadAllStarted':
      return { ...state, loading: true };
    case 'loadAllSucceeded':
      return {
        ...state,
        loading: false,
        loadAllError: false,
        businessCaseErrors: [],
        byBusinessCase: event.byBusinessCase,
      };
    case 'loadAllFailed':
      return { ...state, loading: false, loadAllError: true };
    case 'loadAllHeldBack':
      return { ...state, loading: false };
    case 'loadCaseStarted':
      return { ...state, loading: true };
    case 'loadCaseSucceeded':
      return {
        ...state,
        loading: false,
        byBusinessCase: { ...state.byBusinessCase, [event.businessCaseId]: event.documents },
        businessCaseErrors: state.businessCaseErrors.filter((id) => id !== event.businessCaseId),
      };
    case 'loadCaseFailed':
      return {
        ...state,
        loading: false,
        businessCaseErrors: state.businessCaseErrors.includes(event.businessCaseId)
          ? state.businessCaseErrors
          : [...state.businessCaseErrors, event.businessCaseId],
      };
    case 'uploadsStarted':
      return { ...state, uploading: true, uploadResults: [] };
    case 'uploadFinished':
      return { ...state, uploadResults: [...state.uploadResults, event.result] };
    case 'uploadsFinished':
      return { ...state, uploading: false };
  }
}

/**
 * Loads every case; one failed case marks only that case, all failing sets the global error.
 * A load `heldBack` says was never sent (the session ended; the page waits for a new sign-in)
 * changes nothing: the lists stay as they were, without an error that asks for a reload (which
 * would throw away the input the page keeps).
 */
export async function loadAllCases<D>(
  caseIds: string[],
  load: (businessCaseId: string) => Promise<D[]>,
  dispatch: (event: DocumentStoreEvent<D>) => void,
  heldBack: (error: unknown) => boolean = () => false,
): Promise<void> {
  dispatch({ type: 'loadAllStarted' });
  const results = await Promise.allSettled(caseIds.map((id) => load(id)));
  if (results.some((result) => result.status === 'rejected' && heldBack(result.reason))) {
    dispatch({ type: 'loadAllHeldBack' });
    return;
  }
  if (caseIds.length > 0 && results.every((r) => r.status === 'rejected')) {
    dispatch({ type: 'loadAllFailed' });
    return;
  }
  const byBusinessCase: Record<string, D[]> = {};
  results.forEach((result, index) => {
    const id = caseIds[index] as string;
    if (result.status === 'fulfilled') byBusinessCase[id] = result.value;
  });
  dispatch({ type: 'loadAllSucceeded', byBusinessCase });
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      dispatch({ type: 'loadCaseFailed', businessCaseId: caseIds[index] as string });
    }
  });
}

/** Runs uploads in parallel; each records success or failure with its message, others go on. */
export async function uploadMany<F extends { name: string }>(
  files: F[],
  upload: (file: F) => Promise<void>,
  messages: { success: string; failure: (error: unknown) => string },
  dispatch: (event: DocumentStoreEvent<never>) => void,
): Promise<UploadResult[]> {
  dispatch({ type: 'uploadsStarted' });
  const results = await Promise.all(
    files.map(async (file) => {
      let result: UploadResult;
      try {
        await upload(file);
        result = { fileName: file.name, success: true, message: messages.success };
      } catch (error) {
        result = { fileName: file.name, success: false, message: messages.failure(error) };
      }
      dispatch({ type: 'uploadFinished', result });
      return result;
    }),
  );
  dispatch({ type: 'uploadsFinished' });
  return results;
}

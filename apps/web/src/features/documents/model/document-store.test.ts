import { describe, expect, it } from 'vitest';
import {
  type DocumentStoreEvent,
  type DocumentStoreState,
  documentStoreReducer,
  initialDocumentStore,
  loadAllCases,
  uploadMany,
} from './document-store';

type S = DocumentStoreState<string>;
const run = (events: DocumentStoreEvent<string>[], state: S = initialDocumentStore<string>()) =>
  events.reduce(documentStoreReducer, state);

describe('document store (spec section 4)', () => {
  it('per-case errors grow on failure and clear on a successful load of that case', () => {
    let s = run([
      { type: 'loadCaseFailed', businessCaseId: 'a' },
      { type: 'loadCaseFailed', businessCaseId: 'b' },
      { type: 'loadCaseFailed', businessCaseId: 'a' },
    ]);
    expect(s.businessCaseErrors).toEqual(['a', 'b']);
    s = run([{ type: 'loadCaseSucceeded', businessCaseId: 'a', documents: ['d'] }], s);
    expect(s.businessCaseErrors).toEqual(['b']);
    expect(s.byBusinessCase.a).toEqual(['d']);
    expect(s.loadAllError).toBe(false);
  });

  it('a load-all error sets the global flag; a later success clears it', () => {
    const s = run([{ type: 'loadAllStarted' }, { type: 'loadAllFailed' }]);
    expect(s).toMatchObject({ loadAllError: true, loading: false });
    expect(run([{ type: 'loadAllSucceeded', byBusinessCase: {} }], s).loadAllError).toBe(false);
  });

  it('loading all: one failing case marks only that case; all failing sets the global error', async () => {
    let s = initialDocumentStore<string>();
    const dispatch = (e: DocumentStoreEvent<string>) => {
      s = documentStoreReducer(s, e);
    };
    await loadAllCases(
      ['a', 'b'],
      async (id) => {
        if (id === 'b') throw new Error('x');
        return [`${id}1`];
      },
      dispatch,
    );
    expect(s).toMatchObject({
      loadAllError: false,
      businessCaseErrors: ['b'],
      byBusinessCase: { a: ['a1'] },
    });
    await loadAllCases(
      ['a', 'b'],
      async () => {
        throw new Error('x');
      },
      dispatch,
    );
    expect(s.loadAllError).toBe(true);
  });

  it('a reload the ended session held back keeps the lists, without an error asking for a reload', async () => {
    let s = initialDocumentStore<string>();
    const dispatch = (e: DocumentStoreEvent<string>) => {
      s = documentStoreReducer(s, e);
    };
    await loadAllCases(['a', 'b'], async (id) => [`${id}1`], dispatch);
    const heldBack = Object.assign(new Error('Failed to refresh token'), {
      name: 'SessionOverError',
    });
    await loadAllCases(
      ['a', 'b'],
      async () => {
        throw heldBack;
      },
      dispatch,
      (error) => error === heldBack,
    );
    expect(s).toMatchObject({
      loading: false,
      loadAllError: false,
      businessCaseErrors: [],
      byBusinessCase: { a: ['a1'], b: ['b1'] },
    });
  });

  it('parallel uploads each record success or failure with the message; others continue', async () => {
    let s = initialDocumentStore<never>();
    const dispatch = (e: DocumentStoreEvent<never>) => {
      s = documentStoreReducer(s, e);
    };
    const results = await uploadMany(
      [{ name: 'a.pdf' }, { name: 'gross.pdf' }, { name: 'c.png' }],
      async (file) => {
        if (file.name === 'gross.pdf') throw new Error('Die Datei ist zu groß.');
      },
      {
        success: 'Hinzufügen des Dokuments erfolgreich',
        failure: (error) => `Hinzufügen des Dokuments fehlgeschlagen: ${(error as Error).message}`,
      },
      dispatch,
    );
    expect(results.map((r) => r.success)).toEqual([true, false, true]);
    expect(s.uploadResults).toHaveLength(3);
    expect(s.uploading).toBe(false);
    expect(results[1]?.message).toBe(
      'Hinzufügen des Dokuments fehlgeschlagen: Die Datei ist zu groß.',
    );
  });
});

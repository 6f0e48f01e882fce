import { describe, expect, it } from 'vitest';
import { clearImpersonation, storeImpersonation } from '../../../lib/impersonation-tokens';
import {
  institutionIdsOf,
  LAST_INSTITUTION_KEY,
  readStoredInstitutionId,
  selectInitialInstitution,
  storeInstitutionId,
} from './selection';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const FOREIGN = '99999999-9999-4999-8999-999999999999';
const roles = [{ institutionId: A }, { institutionId: B }];

describe('selectInitialInstitution', () => {
  it.each([
    ['query matches the second institution', B, null, B],
    ['query matches, stored id differs', A, B, A],
    ['query matches no institution → first role', FOREIGN, null, A],
    ['query matches no institution, stored valid → still first role', FOREIGN, B, A],
    ['no query, stored id valid → stored', null, B, B],
    ['no query, stored id unknown → first role', null, FOREIGN, A],
    ['no query, nothing stored → first role', null, null, A],
    ['empty query counts as absent', '', B, B],
  ])('%s', (_case, queryInstitutionId, storedInstitutionId, expected) => {
    expect(selectInitialInstitution({ roles, queryInstitutionId, storedInstitutionId })).toBe(
      expected,
    );
  });

  it('answers null for a user without institution roles', () => {
    expect(
      selectInitialInstitution({ roles: [], queryInstitutionId: A, storedInstitutionId: A }),
    ).toBeNull();
  });
});

describe('institutionIdsOf', () => {
  it('keeps the order and drops duplicates', () => {
    expect(
      institutionIdsOf([{ institutionId: B }, { institutionId: A }, { institutionId: B }]),
    ).toEqual([B, A]);
  });
});

describe('stored institution id', () => {
  it(`round-trips through localStorage key ${LAST_INSTITUTION_KEY}`, () => {
    localStorage.clear();
    expect(readStoredInstitutionId()).toBeNull();
    storeInstitutionId(B);
    expect(localStorage.getItem('lastInstitutionId')).toBe(B);
    expect(readStoredInstitutionId()).toBe(B);
  });

  it("keeps a tab's own choice over a later one of another tab; a new tab takes the last choice", () => {
    localStorage.clear();
    const tabA = new Map<string, string>();
    const tabB = new Map<string, string>();
    const storageOf = (map: Map<string, string>) =>
      ({
        getItem: (key: string) => map.get(key) ?? null,
        setItem: (key: string, value: string) => void map.set(key, value),
      }) as Storage;
    storeInstitutionId(A, localStorage, storageOf(tabB));
    // Tab A switches to B later; tab B, reloaded, still shows A.
    storeInstitutionId(B, localStorage, storageOf(tabA));
    expect(readStoredInstitutionId(localStorage, storageOf(tabB))).toBe(A);
    expect(readStoredInstitutionId(localStorage, storageOf(tabA))).toBe(B);
    expect(readStoredInstitutionId(localStorage, storageOf(new Map()))).toBe(B);
    // Without a sessionStorage (blocked) the shared choice counts.
    expect(readStoredInstitutionId(localStorage, null)).toBe(B);
  });

  it('keeps the selection made while impersonating apart from the own one, until the impersonation ends', () => {
    localStorage.clear();
    storeInstitutionId(A);
    storeImpersonation(localStorage, { accessToken: 'a.b.c', refreshToken: null, expiresAt: 1 });
    // The impersonation's first page selects the customer institution …
    storeInstitutionId(FOREIGN);
    expect(readStoredInstitutionId()).toBe(FOREIGN);
    // … and the support user's own last choice stays where it was.
    expect(localStorage.getItem('lastInstitutionId')).toBe(A);
    clearImpersonation(localStorage);
    expect(readStoredInstitutionId()).toBe(A);
    expect(localStorage.getItem('portal.impersonation.institution_id')).toBeNull();
  });
});

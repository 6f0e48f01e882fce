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

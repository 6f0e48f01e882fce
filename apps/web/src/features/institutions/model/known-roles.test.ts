import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetInstitutionRoles,
  KNOWN_ROLES_KEY,
  recallInstitutionRoles,
  rememberInstitutionRoles,
} from './known-roles';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

beforeEach(() => localStorage.clear());

describe('remembered institution roles', () => {
  it('gives back only ids and roles, and only to the same subject', () => {
    rememberInstitutionRoles('subject-1', [
      { institutionId: A, role: 'INSTITUTION_ADMIN', extra: 'left out' } as never,
      { institutionId: B, role: 'INSTITUTION_MEMBER' },
    ]);
    expect(recallInstitutionRoles('subject-1')).toEqual([
      { institutionId: A, role: 'INSTITUTION_ADMIN' },
      { institutionId: B, role: 'INSTITUTION_MEMBER' },
    ]);
    expect(recallInstitutionRoles('subject-2')).toBeNull();
    expect(recallInstitutionRoles(null)).toBeNull();
  });

  it('signing out forgets them', () => {
    rememberInstitutionRoles('subject-1', [{ institutionId: A, role: 'INSTITUTION_ADMIN' }]);
    forgetInstitutionRoles();
    expect(localStorage.getItem(KNOWN_ROLES_KEY)).toBeNull();
    expect(recallInstitutionRoles('subject-1')).toBeNull();
  });

  it('the last load wins', () => {
    rememberInstitutionRoles('subject-1', [{ institutionId: A, role: 'INSTITUTION_ADMIN' }]);
    rememberInstitutionRoles('subject-1', [{ institutionId: B, role: 'SUPPORT_USER' }]);
    expect(recallInstitutionRoles('subject-1')).toEqual([
      { institutionId: B, role: 'SUPPORT_USER' },
    ]);
  });

  it.each([
    ['no JSON', '{'],
    ['no object', '"text"'],
    ['roles missing', JSON.stringify({ subject: 'subject-1' })],
    [
      'an id that is no id',
      JSON.stringify({
        subject: 'subject-1',
        roles: [{ institutionId: '../user', role: 'INSTITUTION_ADMIN' }],
      }),
    ],
    [
      'a role that is no string',
      JSON.stringify({ subject: 'subject-1', roles: [{ institutionId: A, role: 7 }] }),
    ],
  ])('answers null for a stored value with %s', (_case, stored) => {
    localStorage.setItem(KNOWN_ROLES_KEY, stored);
    expect(recallInstitutionRoles('subject-1')).toBeNull();
  });
});

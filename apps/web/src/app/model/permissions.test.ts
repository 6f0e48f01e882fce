import type { InstitutionRole } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type PermissionContext, type Permissions, permissions } from './permissions';

const I = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const userWith = (role: InstitutionRole | null, institutionId = I) => ({
  institutionUserRoles: role ? [{ institutionId, role }] : [],
});
const flags = (set: (keyof Permissions)[]): Permissions => ({
  canAdminInstitution: set.includes('canAdminInstitution'),
  canEditTiles: set.includes('canEditTiles'),
  canManageDocuments: set.includes('canManageDocuments'),
  canImpersonate: set.includes('canImpersonate'),
});

describe('permissions(user, institution)', () => {
  it.each<
    [string, InstitutionRole | null, boolean | null, PermissionContext, (keyof Permissions)[]]
  >([
    ['member, untrusted', 'INSTITUTION_MEMBER', false, {}, []],
    ['member, trusted', 'INSTITUTION_MEMBER', true, {}, ['canManageDocuments']],
    ['admin, untrusted', 'INSTITUTION_ADMIN', false, {}, ['canAdminInstitution']],
    [
      'admin, trusted: tile editor',
      'INSTITUTION_ADMIN',
      true,
      {},
      ['canAdminInstitution', 'canEditTiles', 'canManageDocuments'],
    ],
    ['support user, untrusted', 'SUPPORT_USER', false, {}, []],
    [
      'admin of a relationship owner',
      'INSTITUTION_ADMIN',
      false,
      { ownsRelationships: true },
      ['canAdminInstitution', 'canImpersonate'],
    ],
    [
      'support user of a relationship owner',
      'SUPPORT_USER',
      false,
      { ownsRelationships: true },
      ['canImpersonate'],
    ],
    [
      'member of a relationship owner',
      'INSTITUTION_MEMBER',
      false,
      { ownsRelationships: true },
      [],
    ],
    [
      'member while impersonating',
      'INSTITUTION_MEMBER',
      false,
      { isImpersonating: true },
      ['canImpersonate'],
    ],
    ['no role there', null, true, { ownsRelationships: true }, []],
    ['no institution chosen', 'INSTITUTION_ADMIN', null, { ownsRelationships: true }, []],
    [
      'no institution, impersonating',
      'INSTITUTION_ADMIN',
      null,
      { isImpersonating: true },
      ['canImpersonate'],
    ],
  ])('%s', (_name, role, trusted, context, expected) => {
    const institution = trusted === null ? null : { id: I, trusted };
    expect(permissions(userWith(role), institution, context)).toEqual(flags(expected));
  });

  it('reads the role of the current institution, not of another one', () => {
    expect(permissions(userWith('INSTITUTION_ADMIN', OTHER), { id: I, trusted: true })).toEqual(
      flags([]),
    );
  });

  it('grants nothing without a user', () => {
    expect(permissions(null, { id: I, trusted: true })).toEqual(flags([]));
  });
});

import type { User } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { fullName, getRole, initials, isAdmin, minutesSinceInvite, roleLabel } from './user';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const user: Pick<User, 'institutionUserRoles'> = {
  institutionUserRoles: [
    { institutionId: A, role: 'INSTITUTION_ADMIN' },
    { institutionId: B, role: 'INSTITUTION_MEMBER' },
  ],
};

describe('fullName', () => {
  it.each([
    ['Anna', 'Schmidt', 'Anna Schmidt'],
    ['Max', 'Mustermann', 'Max Mustermann'],
    ['Jörg', 'Özdemir-Weiß', 'Jörg Özdemir-Weiß'],
  ])('%s %s → %s', (firstName, lastName, expected) => {
    expect(fullName({ firstName, lastName })).toBe(expected);
  });
});

describe('initials', () => {
  it.each([
    ['Anna', 'Schmidt', 'AS'],
    ['max', 'mustermann', 'MM'],
    ['örjan', 'über', 'ÖÜ'],
    [' tom', ' Trusted', 'TT'],
  ])('%s %s → %s', (firstName, lastName, expected) => {
    expect(initials({ firstName, lastName })).toBe(expected);
  });
});

describe('minutesSinceInvite', () => {
  const created = '2026-03-01T10:00:00.000Z';
  it.each([
    ['2026-03-01T10:00:00.000Z', 0],
    ['2026-03-01T10:00:59.999Z', 0],
    ['2026-03-01T10:01:00.000Z', 1],
    ['2026-03-01T10:59:30.000Z', 59],
    ['2026-03-02T10:00:00.000Z', 1440],
  ])('at %s → %i', (now, expected) => {
    expect(minutesSinceInvite(created, new Date(now))).toBe(expected);
    expect(minutesSinceInvite(created, new Date(now).getTime())).toBe(expected);
  });
});

describe('getRole and isAdmin', () => {
  it.each([
    [A, 'INSTITUTION_ADMIN', true],
    [B, 'INSTITUTION_MEMBER', false],
    [C, null, false],
    [null, null, false],
  ] as const)('institution %s → role %s, admin %s', (institutionId, role, admin) => {
    expect(getRole(user, institutionId)).toBe(role);
    expect(isAdmin(user, institutionId)).toBe(admin);
  });
});

describe('roleLabel', () => {
  it.each([
    ['INSTITUTION_ADMIN', 'Administrator'],
    ['INSTITUTION_MEMBER', 'Mitglied'],
    ['SUPPORT_USER', 'Supportmitarbeiter'],
  ])('%s → %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });

  it.each(['client', '2fa', '', 'institution_admin'])('%j cannot be converted', (role) => {
    expect(() => roleLabel(role)).toThrow(
      `Die Rolle '${role}' kann nicht in ein Label umgewandelt werden.`,
    );
  });
});

import type { Institution, InstitutionMember } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  appendUser,
  applyUpdate,
  isLastAdmin,
  minutesSinceInvite,
  removeUser,
  replaceRole,
  roleLabel,
} from './institution-changes';

const member = (id: string, role: InstitutionMember['role']): InstitutionMember => ({
  id,
  email: `${id}@example.org`,
  firstName: 'Vor',
  lastName: id,
  fullName: `Vor ${id}`,
  title: null,
  formOfAddress: null,
  hasAccountActivated: true,
  dateTimeCreated: '2026-01-01T10:00:00.000Z',
  role,
});

const institution: Institution = {
  id: 'i',
  name: 'Alt',
  city: 'Hamburg',
  postalcode: '20095',
  street: 'Weg 1',
  trusted: false,
  theme: null,
  version: 1,
  users: [member('a', 'INSTITUTION_ADMIN'), member('b', 'INSTITUTION_MEMBER')],
  supportContacts: [],
};

describe('institution store changes (spec section 4)', () => {
  it('update replaces name, city, postal code and street only', () => {
    const next = applyUpdate(institution, {
      name: 'Neu',
      city: 'Bremen',
      postalcode: '28195',
      street: 'Am Wall 1',
    });
    expect(next).toEqual({
      ...institution,
      name: 'Neu',
      city: 'Bremen',
      postalcode: '28195',
      street: 'Am Wall 1',
    });
    expect(institution.name).toBe('Alt');
  });

  it('update takes the version the saved answer names (a change sent without one keeps it)', () => {
    const saved = { name: 'Neu', city: 'Bremen', postalcode: '28195', street: 'Am Wall 1' };
    expect(applyUpdate(institution, { ...saved, version: 7 }).version).toBe(7);
    expect(applyUpdate(institution, saved).version).toBe(1);
  });

  it('invite appends the user', () => {
    const next = appendUser(institution, member('c', 'SUPPORT_USER'));
    expect(next.users.map((user) => user.id)).toEqual(['a', 'b', 'c']);
    expect(appendUser(next, member('c', 'INSTITUTION_MEMBER')).users).toHaveLength(3);
  });

  it('delete removes the user', () => {
    expect(removeUser(institution, 'b').users.map((user) => user.id)).toEqual(['a']);
  });

  it("role change replaces that user's role", () => {
    const next = replaceRole(institution, 'b', 'INSTITUTION_ADMIN');
    expect(next.users.map((user) => user.role)).toEqual(['INSTITUTION_ADMIN', 'INSTITUTION_ADMIN']);
  });

  it('knows the last admin', () => {
    expect(isLastAdmin(institution, 'a')).toBe(true);
    expect(isLastAdmin(replaceRole(institution, 'b', 'INSTITUTION_ADMIN'), 'a')).toBe(false);
  });
});

describe('role labels (spec section 6)', () => {
  it.each([
    ['INSTITUTION_ADMIN', 'Administrator'],
    ['INSTITUTION_MEMBER', 'Mitglied'],
    ['SUPPORT_USER', 'Supportmitarbeiter'],
  ])('%s → %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });
  it('any other value is an error', () => {
    expect(() => roleLabel('client')).toThrow(
      "Die Rolle 'client' kann nicht in ein Label umgewandelt werden.",
    );
  });
});

describe('minutes since invite', () => {
  it('counts whole minutes', () => {
    const created = '2026-01-01T10:00:00.000Z';
    expect(minutesSinceInvite(created, Date.parse('2026-01-01T10:00:59.999Z'))).toBe(0);
    expect(minutesSinceInvite(created, Date.parse('2026-01-01T10:01:00.000Z'))).toBe(1);
    expect(minutesSinceInvite(created, Date.parse('2026-01-01T12:30:30.000Z'))).toBe(150);
  });
});

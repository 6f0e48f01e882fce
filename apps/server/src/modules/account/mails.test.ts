import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import {
  addedToInstitutionMail,
  invitationAtProviderMail,
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
  salutation,
} from './mails';

const person = {
  email: 'lena@example.org',
  firstName: 'Lena',
  lastName: 'Neumann',
  formOfAddress: 'Frau',
  title: 'Dr.',
};

describe('mails', () => {
  it('greets by form of address and title', () => {
    expect(salutation(person)).toBe('Sehr geehrte Frau Dr. Neumann,');
    expect(salutation({ ...person, formOfAddress: 'Herr', title: null })).toBe(
      'Sehr geehrter Herr Neumann,',
    );
    expect(salutation({ ...person, formOfAddress: null, title: null })).toBe(
      'Guten Tag Lena Neumann,',
    );
  });

  it('invitation: plain text and HTML with the link and its validity', () => {
    const mail = invitationMail(
      person,
      'Praxis <Sonnenschein>',
      'https://p.example/x?key=a&b',
      168,
    );
    expect(mail.subject).toBe('Einladung ins Institutionsportal: Praxis <Sonnenschein>');
    expect(mail.text).toContain('7 Tage gültig');
    expect(mail.text).toContain('https://p.example/x?key=a&b');
    expect(mail.html).toContain('href="https://p.example/x?key=a&amp;b"');
    expect(mail.html).toContain('Praxis &lt;Sonnenschein&gt;');
    expect(mail.link).toBe('https://p.example/x?key=a&b');
    expect(invitationMail(person, 'P', 'https://l', 24).text).toContain('1 Tag gültig');
    expect(invitationMail(person, 'P', 'https://l', 36).text).toContain('36 Stunden gültig');
    // INVITATION_TTL_HOURS=1: the singular.
    expect(invitationMail(person, 'P', 'https://l', 1).text).toContain(
      'Der Link ist 1 Stunde gültig',
    );
  });

  it('reset and notice mails are German with both parts', () => {
    const reset = passwordResetMail(person, 'https://l');
    expect(reset.subject).toBe('Passwort zurücksetzen');
    expect(reset.text).toContain('eine Stunde gültig');
    expect(reset.html).toContain('Neues Passwort festlegen');
    expect(reset.text).not.toContain('Zwei-Faktor');
    expect(passwordResetMail(person, 'https://l', true).text).toContain(
      'Ihre Zwei-Faktor-Authentifizierung bleibt aktiv: Nach dem neuen Passwort fragt die Anmeldung weiterhin nach dem Einmalcode aus Ihrer Authenticator-App.',
    );
    const added = addedToInstitutionMail(person, 'Praxis', 'https://portal', 'Mitglied');
    expect(added.text).toContain('als Mitglied hinzugefügt');
    // One name for the way into the portal in every mail, and 'Konto' for the account.
    expect(added.text).toContain('Zum Institutionsportal: https://portal');
    expect(passwordChangedMail(person, 'https://portal').text).toContain(
      'Zum Institutionsportal: https://portal',
    );
    expect(invitationAtProviderMail(person, 'Praxis', 'https://portal').text).toContain(
      'mit Ihrem Konto für die E-Mail-Adresse lena@example.org',
    );
  });
});

describe('INVITATION_TTL_HOURS', () => {
  it('defaults to 168 hours (7 days) and is configurable', () => {
    expect(loadConfig({}).account.invitationTtlHours).toBe(168);
    expect(loadConfig({ INVITATION_TTL_HOURS: '48' }).account.invitationTtlHours).toBe(48);
    expect(() => loadConfig({ INVITATION_TTL_HOURS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ INVITATION_TTL_HOURS: 'eine Woche' })).toThrow(
      /INVITATION_TTL_HOURS/,
    );
  });

  it('IDENT_SERVICE_URL must be an http(s) URL', () => {
    expect(loadConfig({}).account.identServiceUrl).toBeUndefined();
    expect(() => loadConfig({ IDENT_SERVICE_URL: 'ftp://x' })).toThrow(/IDENT_SERVICE_URL/);
  });
});

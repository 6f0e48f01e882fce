import { escapeHtml } from '../../identity/pages';
import type { Mail } from '../../plugins/mailer';

interface Person {
  email: string;
  firstName: string;
  lastName: string;
  formOfAddress: string | null;
  title: string | null;
}

/** "Sehr geehrte Frau Dr. Schäfer," or "Guten Tag Anna Schäfer,". */
export function salutation(person: Person): string {
  const name = [person.title, person.lastName].filter(Boolean).join(' ');
  if (person.formOfAddress === 'Frau') return `Sehr geehrte Frau ${name},`;
  if (person.formOfAddress === 'Herr') return `Sehr geehrter Herr ${name},`;
  return `Guten Tag ${[person.title, person.firstName, person.lastName].filter(Boolean).join(' ')},`;
}

const htmlLines = (text: string) => text.split('\n').map(escapeHtml).join('<br>');

const SIGNATURE = 'Mit freundlichen Grüßen\nIhr Institutionsportal';

/** The button to the portal, in every mail the same (and as the pages after a link say it). */
const PORTAL_LINK = 'Zum Institutionsportal';

/**
 * A mail with a plain-text and an HTML part from paragraphs and an optional link button; a line
 * break within a paragraph stays one in both parts.
 */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): Mail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), SIGNATURE].join(
    '\n\n',
  );
  const html = `<!DOCTYPE html><html lang="de"><body style="font-family: Arial, sans-serif; color: #1f2933">
${paragraphs.map((paragraph) => `<p>${htmlLines(paragraph)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#1c5d99;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p>\n<p style="font-size:12px;color:#52606d">${escapeHtml(link.url)}</p>` : ''}
<p>${htmlLines(SIGNATURE)}</p>
</body></html>`;
  return { to, subject, text, html, ...(link ? { link: link.url } : {}) };
}

/** Who sent an invitation or added the person, as the mail names them. */
export interface Inviter {
  firstName: string;
  lastName: string;
}

/**
 * "Anna Schäfer hat Sie eingeladen, …" or, without an inviter (or the person themselves asking
 * for their invitation again), "Sie wurden eingeladen, …".
 */
export const invitedLine = (institutionName: string, inviter: Inviter | undefined) => {
  const who = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : '';
  return who
    ? `${who} hat Sie eingeladen, im Institutionsportal für „${institutionName}“ mitzuarbeiten.`
    : `Sie wurden eingeladen, im Institutionsportal für „${institutionName}“ mitzuarbeiten.`;
};

export function invitationMail(
  person: Person,
  institutionName: string,
  link: string,
  validHours: number,
  inviter?: Inviter,
): Mail {
  const validity =
    validHours % 24 === 0
      ? `${validHours / 24} ${validHours === 24 ? 'Tag' : 'Tage'}`
      : `${validHours} ${validHours === 1 ? 'Stunde' : 'Stunden'}`;
  return compose(
    person.email,
    `Einladung ins Institutionsportal: ${institutionName}`,
    [
      salutation(person),
      invitedLine(institutionName, inviter),
      `Über den folgenden Link legen Sie Ihr Passwort fest und melden sich an. Der Link ist ${validity} gültig und kann einmal verwendet werden.`,
    ],
    { url: link, label: 'Einladung annehmen' },
  );
}

/**
 * The invitation when an external identity provider keeps the passwords (IDENTITY_PROVIDER=
 * external): no link to set one, the portal itself; the first sign-in there with this e-mail
 * address (verified by the provider) links the account.
 */
export function invitationAtProviderMail(
  person: Person,
  institutionName: string,
  portalUrl: string,
  inviter?: Inviter,
): Mail {
  return compose(
    person.email,
    `Einladung ins Institutionsportal: ${institutionName}`,
    [
      salutation(person),
      invitedLine(institutionName, inviter),
      `Über den folgenden Link melden Sie sich mit Ihrem Konto für die E-Mail-Adresse ${person.email} an; die Institution erscheint danach in Ihrer Institutionsauswahl.`,
    ],
    { url: portalUrl, label: 'Einladung annehmen' },
  );
}

export function addedToInstitutionMail(
  person: Person,
  institutionName: string,
  portalUrl: string,
  roleLabel: string,
  inviter?: Inviter,
): Mail {
  const who = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : '';
  return compose(
    person.email,
    `Sie wurden zu „${institutionName}“ hinzugefügt`,
    [
      salutation(person),
      who
        ? `${who} hat Sie im Institutionsportal der Institution „${institutionName}“ als ${roleLabel} hinzugefügt.`
        : `Sie wurden im Institutionsportal der Institution „${institutionName}“ als ${roleLabel} hinzugefügt.`,
      'Melden Sie sich wie gewohnt mit Ihrem bestehenden Konto an; die Institution erscheint in Ihrer Institutionsauswahl.',
    ],
    { url: portalUrl, label: PORTAL_LINK },
  );
}

/**
 * The reset link. With `hasSecondFactor` it says that the code is still asked for afterwards:
 * a new password does not replace the authenticator app (someone who lost the phone would
 * otherwise expect to get in with the password alone).
 */
export function passwordResetMail(person: Person, link: string, hasSecondFactor = false): Mail {
  return compose(
    person.email,
    'Passwort zurücksetzen',
    [
      salutation(person),
      'Sie haben angefordert, das Passwort Ihres Kontos im Institutionsportal zurückzusetzen.',
      'Über den folgenden Link legen Sie ein neues Passwort fest. Der Link ist eine Stunde gültig und kann einmal verwendet werden. Danach werden Sie auf allen Geräten abgemeldet.',
      ...(hasSecondFactor
        ? [
            'Ihre Zwei-Faktor-Authentifizierung bleibt aktiv: Nach dem neuen Passwort fragt die Anmeldung weiterhin nach dem Einmalcode aus Ihrer Authenticator-App.',
          ]
        : []),
      'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    ],
    { url: link, label: 'Neues Passwort festlegen' },
  );
}

/** To the new address: the link that makes it the sign-in e-mail. */
export function emailChangeMail(person: Person, newEmail: string, link: string): Mail {
  return compose(
    newEmail,
    'Neue E-Mail-Adresse bestätigen',
    [
      salutation(person),
      `Sie möchten sich im Institutionsportal künftig mit ${newEmail} anmelden statt mit ${person.email}.`,
      'Bestätigen Sie die neue Adresse über den folgenden Link. Erst dann gilt sie; bis dahin melden Sie sich weiter mit der bisherigen Adresse an. Der Link ist 24 Stunden gültig und kann einmal verwendet werden.',
      'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    ],
    { url: link, label: 'E-Mail-Adresse bestätigen' },
  );
}

/** To the old address: a change was asked for (the person may not have been the one asking). */
export function emailChangeNoticeMail(person: Person, newEmail: string, portalUrl: string): Mail {
  return compose(
    person.email,
    'Änderung Ihrer E-Mail-Adresse angefordert',
    [
      salutation(person),
      `für Ihr Konto im Institutionsportal wurde angefordert, die E-Mail-Adresse zur Anmeldung von ${person.email} auf ${newEmail} zu ändern. Die Änderung gilt erst, wenn sie über den Link bestätigt wird, den wir an die neue Adresse gesendet haben.`,
      'Falls Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort unter Mein Konto und informieren Sie die Administratoren Ihrer Institution.',
    ],
    { url: portalUrl, label: PORTAL_LINK },
  );
}

/** To the account's address after its password was changed in Mein Konto. */
export function passwordChangedMail(person: Person, portalUrl: string): Mail {
  return compose(
    person.email,
    'Ihr Passwort wurde geändert',
    [
      salutation(person),
      'das Passwort Ihres Kontos im Institutionsportal wurde soeben geändert. Alle anderen Anmeldungen mit dem bisherigen Passwort wurden beendet.',
      'Falls Sie das nicht selbst geändert haben, legen Sie über „Passwort vergessen?“ auf der Anmeldeseite ein neues Passwort fest und wenden Sie sich bitte an einen Administrator Ihrer Institution.',
    ],
    { url: portalUrl, label: PORTAL_LINK },
  );
}

/**
 * The notice after the operator reset two-factor sign-in (`npm run admin -- reset-two-factor`):
 * the person set it up again, and who did not ask for it learns of it at once.
 */
export function twoFactorResetMail(person: Person, portalUrl: string): Mail {
  return compose(
    person.email,
    'Ihre Zwei-Faktor-Authentifizierung wurde zurückgesetzt',
    [
      salutation(person),
      'die Zwei-Faktor-Authentifizierung Ihres Kontos im Institutionsportal wurde vom Betreiber des Portals zurückgesetzt. Die Anmeldung fragt jetzt nur noch nach Ihrem Passwort.',
      'Richten Sie die Zwei-Faktor-Authentifizierung bitte gleich wieder ein: unter „Mein Konto“, mit der Authenticator-App auf Ihrem Telefon.',
      'Falls Sie das nicht veranlasst haben, legen Sie über „Passwort vergessen?“ auf der Anmeldeseite ein neues Passwort fest und wenden Sie sich bitte an einen Administrator Ihrer Institution.',
    ],
    { url: portalUrl, label: PORTAL_LINK },
  );
}

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/**
 * A financing request to one admin of a trusted contractor: which customer (with its Kd.-Nr.
 * there) asked, what for, and who sent it, so the admin can call back.
 */
export function financingRequestMail(
  recipient: Person,
  customer: { name: string; referenceNumber: string },
  sender: { firstName: string; lastName: string; email: string } | undefined,
  request: { amount: number; purpose: string; termMonths: number; phone: string },
): Mail {
  const details = [
    `Betrag: ${euro.format(request.amount)}`,
    `Verwendungszweck: ${request.purpose}`,
    `Laufzeit: ${request.termMonths} ${request.termMonths === 1 ? 'Monat' : 'Monate'}`,
    ...(sender
      ? [`Gesendet von: ${`${sender.firstName} ${sender.lastName}`.trim()} (${sender.email})`]
      : []),
    `Telefon für Rückfragen: ${request.phone}`,
  ];
  const mail = compose(
    recipient.email,
    `Finanzierungswunsch von ${customer.name} (Kd.-Nr. ${customer.referenceNumber})`,
    [
      salutation(recipient),
      `die Institution „${customer.name}“ (Kd.-Nr. ${customer.referenceNumber}) hat im Institutionsportal einen Finanzierungswunsch gesendet.`,
      details.join('\n'),
      'Die Institution erwartet, dass Sie sich bei ihr melden.',
    ],
  );
  // "Antworten" reaches the person who asked, not the portal's no-reply address.
  return sender ? { ...mail, replyTo: sender.email } : mail;
}

/** German labels of the institution roles (as the app shows them). */
export const ROLE_LABELS = {
  INSTITUTION_ADMIN: 'Administrator',
  INSTITUTION_MEMBER: 'Mitglied',
  SUPPORT_USER: 'Supportmitarbeiter',
} as const;
